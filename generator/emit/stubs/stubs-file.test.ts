import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { linkRuntime } from "../../../test-support/runtime-package.js";
import { removeTempProjects, tempProject } from "../../../test-support/temp-project.js";
import { generate } from "../../generate.js";
import { writeGenerated } from "../../write-generated.js";

const repositoryModules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../node_modules");
afterAll(removeTempProjects);

// The handlers file as generated, with one app service added, serves both paths a frontend has:
// dispatchClientAction for actions on the event stream, and the runner for awaited requests.
describe("the generated handlers file", () => {
  it("compiles and runs with one handlers object for dispatchClientAction (ctx) and the runner (context, signal, request)", async () => {
    const project = tempProject({
      "package.json": { name: "app", private: true, type: "module" },
      "client-tools/open_panel.json": {
        name: "open_panel",
        description: "Open a panel.",
        parameters: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
      },
      "client-tools/get_city.json": {
        name: "get_city",
        description: "Get the user's city.",
        outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      "tsconfig.json": {
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          verbatimModuleSyntax: true,
          lib: ["ES2022", "DOM"],
          types: [],
          rootDir: "src",
          outDir: "dist",
          skipLibCheck: false,
        },
        include: ["src"],
      },
    });
    linkRuntime(project);
    const result = await generate({ cwd: project, prettier: false });
    expect(result.diagnostics).toEqual([]);
    writeGenerated(result);

    // The user's edits: a service in the context, and the two handlers filled in.
    const handlersFile = path.join(project, "src/client-tool-handlers.ts");
    const generated = readFileSync(handlersFile, "utf8");
    const edited = generated
      .replace(
        "  readonly signal?: AbortSignal;\n}",
        "  readonly signal?: AbortSignal;\n  readonly ui: { show(text: string): void; city(): string };\n}",
      )
      .replace(
        /get_city\(_args, _ctx\) \{\n\s+throw new Error\([^)]*\);\n/,
        "get_city(_args, ctx) {\n    ctx.signal?.throwIfAborted();\n    return { city: ctx.ui.city() };\n",
      )
      .replace(
        /open_panel\(_args, _ctx\) \{\n\s+throw new Error\([^)]*\);\n/,
        "open_panel(args, ctx) {\n    ctx.ui.show(args.title);\n",
      );
    expect(edited).not.toBe(generated);
    expect(edited).not.toContain("not implemented yet");
    writeFileSync(handlersFile, edited);
    writeFileSync(
      path.join(project, "src/main.ts"),
      `import { createClientToolRunner } from "@gen-client-tools/runtime";
import { type ClientToolAnswerMessage } from "@gen-client-tools/runtime/wire";
import { dispatchClientAction } from "./client-tools.gen/index.js";
import { clientToolHandlers } from "./client-tool-handlers.js";

const shown: string[] = [];
const ui = { show: (text: string) => void shown.push(text), city: () => "Lyon" };

await dispatchClientAction({ kind: "ClientAction_open_panel", title: "Readme" }, clientToolHandlers, { ui });
const answers: ClientToolAnswerMessage[] = [];
const runner = createClientToolRunner({ handlers: clientToolHandlers, context: { ui }, send: (answer) => void answers.push(answer) });
await runner.handle({ requestId: "r1", attempt: 1, conversationId: "c1", toolCallId: "t1", toolName: "get_city", args: {}, expiresAt: Date.now() + 60_000 });
console.log(JSON.stringify({ shown, answers }));
`,
    );
    const tsc = spawnSync(process.execPath, [path.join(repositoryModules, "typescript/bin/tsc"), "-p", project], {
      encoding: "utf8",
    });
    expect(tsc.stdout + tsc.stderr).toBe("");
    const output = execFileSync(process.execPath, [path.join(project, "dist/main.js")], { encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({
      shown: ["Readme"],
      answers: [{ type: "client_tool.result", requestId: "r1", attempt: 1, result: { city: "Lyon" } }],
    });
  });
});
