import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_BLOCK_WRAPPERS } from "../docs/code-block-wrappers.js";
import { packPackages, sh, strictTsconfig } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// The package as a user gets it: `npm pack`, the tarball installed into a fresh project (its
// dependencies from the registry), and used there through npx, tsc and node. Proof that
// nothing works only from inside this checkout.

let pkg: string;
let tarball: string;

/**
 * Installs the two tarballs and these packages into the project, generates its code with its config, and compiles it
 * with its tsconfig: no output, exit 0.
 */
function installGenerateCompile(project: string, packages: readonly string[]): void {
  const install = sh(
    project,
    "npm",
    [
      "install",
      runtimeTarball,
      tarball,
      ...packages,
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
    ],
    400_000,
  );
  expect(install.status, install.stderr).toBe(0);
  const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
  expect(generate.status, generate.stderr).toBe(0);
  const tsc = sh(project, "npx", ["--no", "--", "tsc"]);
  expect(tsc.stdout + tsc.stderr).toBe("");
  expect(tsc.status).toBe(0);
}
/** The runtime package's tarball: every install below takes it with the CLI's, as users install both. */
let runtimeTarball: string;
let packed: readonly string[];
beforeAll(() => {
  ({ folder: pkg, tarball, runtimeTarball, files: packed } = packPackages());
}, 120_000);
// The temp projects hold installed frameworks (CopilotKit alone is about 500 MB): removing them takes a while.
afterAll(removeTempProjects, 120_000);

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
  bin: Record<string, string>;
};

/**
 * The packed files reached from `entries` through relative imports, static and dynamic (found
 * by TypeScript's scanner, which skips the text of generated code inside strings), and worker
 * scripts (`new URL("./x.js", import.meta.url)`); `target` maps an import to the file that
 * serves it (a declaration file for types). Fails on a file reached but not packed.
 */
function reachable(entries: readonly string[], target: (file: string) => string): Set<string> {
  const reached = new Set<string>();
  const queue = entries.map((entry) => path.posix.normalize(entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    expect(packed, `loaded but not packed: ${file}`).toContain(file);
    reached.add(file);
    const text = readFileSync(path.join(pkg, file), "utf8");
    const specifiers = [
      ...ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName),
      ...[...text.matchAll(/new URL\(\s*["'](\.\.?\/[^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)].map(
        (match) => match[1]!,
      ),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith("."))
        queue.push(target(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))));
    }
  }
  return reached;
}

/** The bytes of the files under `folder`, links not followed. */
function folderBytes(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) bytes += folderBytes(full);
    else if (entry.isFile()) bytes += statSync(full).size;
  }
  return bytes;
}

describe("the packed runtime package", () => {
  it("installs alone into a fresh server project in at most 5 MB, with none of the generator's tooling, and its entries load", () => {
    const project = tempProject({
      "package.json": { name: "server", private: true, type: "module" },
      "load.mjs": `import * as shared from "@gen-client-tools/runtime";
import * as bindings from "@gen-client-tools/runtime/bindings";
import * as wire from "@gen-client-tools/runtime/wire";
import * as providers from "@gen-client-tools/runtime/providers";
import * as core from "@gen-client-tools/runtime/core";
import * as server from "@gen-client-tools/runtime/server";
import * as validators from "@gen-client-tools/runtime/validators";
const loaded = [shared.createClientToolRunner, bindings.bindClientTools, wire.encodeClientToolEvent, providers.fromOpenAIChatToolCall, core.parseClientToolSpecs, server.ClientCallBroker];
console.log(JSON.stringify([...new Set(loaded.map((value) => typeof value)), typeof validators.ajvFormats]));
`,
    });
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, "--prefer-offline", "--no-audit", "--no-fund"],
      200_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const tree = sh(project, "npm", ["ls", "--all", "--parseable"]);
    expect(tree.status, tree.stderr).toBe(0);
    const installed = tree.stdout
      .split("\n")
      .map((line) => line.slice(line.lastIndexOf("node_modules/") + "node_modules/".length));
    for (const tooling of ["ts-morph", "prettier", "yargs", "chokidar", "typescript", "gen-client-tools"])
      expect(installed).not.toContain(tooling);
    expect(installed).toEqual(expect.arrayContaining(["@gen-client-tools/runtime", "ajv", "ajv-formats", "re2js"]));
    expect(folderBytes(path.join(project, "node_modules"))).toBeLessThanOrEqual(5 * 1024 * 1024);
    const load = sh(project, process.execPath, ["load.mjs"]);
    expect(load.status, load.stderr).toBe(0);
    expect(JSON.parse(load.stdout)).toEqual(["function", "object"]);
  }, 300_000);
  it("runs bindings generated with --validators under pnpm's strict layout, the app depending on the runtime package alone (no ajv of its own)", () => {
    const pnpm = (...args: string[]) => sh(project, "npx", ["--yes", "pnpm@10.34.8", ...args], 200_000);
    const project = tempProject({
      // The CLI's dependency on the runtime package resolves to the tarball, as it would to the registry's.
      "package.json": {
        name: "pnpm-app",
        private: true,
        type: "module",
        pnpm: { overrides: { "@gen-client-tools/runtime": `file:${runtimeTarball}` } },
      },
      "client-tools/pick_date.json": {
        name: "pick_date",
        description: "Pick a date.",
        parameters: {
          type: "object",
          properties: { title: { type: "string", maxLength: 5 }, when: { type: "string", format: "date" } },
          required: ["title"],
          additionalProperties: false,
        },
      },
      "tsconfig.json": strictTsconfig({ rootDir: "src", outDir: "dist", skipLibCheck: false }),
      "src/main.ts": `import { dispatchToolCall, type ClientToolHandlers } from "./client-tools.gen/index.js";
const handlers: ClientToolHandlers = { pick_date: () => undefined };
const outcomes = [await dispatchToolCall("pick_date", { title: "ok", when: "2026-12-03" }, handlers), await dispatchToolCall("pick_date", { title: "too long", when: "nope" }, handlers)];
console.log(JSON.stringify(outcomes.map((outcome) => (outcome.ok ? "ok" : outcome.message))));
`,
    });
    for (const install of [pnpm("add", runtimeTarball), pnpm("add", "-D", tarball, "typescript@7.0.2")])
      expect(install.status, install.stdout + install.stderr).toBe(0);
    // pnpm's layout: the app sees its own dependencies only.
    expect(
      readdirSync(path.join(project, "node_modules"))
        .filter((name) => !name.startsWith("."))
        .sort(),
    ).toEqual(["@gen-client-tools", "gen-client-tools", "typescript"]);
    const generate = pnpm("exec", "gen-client-tools", "--validators", "--no-stubs");
    expect(generate.status, generate.stdout + generate.stderr).toBe(0);
    const tsc = pnpm("exec", "tsc", "-p", ".");
    expect(tsc.stdout + tsc.stderr).toBe("");
    const run = sh(project, process.execPath, ["dist/main.js"]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      "ok",
      'Invalid arguments for pick_date: /title must NOT have more than 5 characters; /when must match format "date".',
    ]);
  }, 300_000);
});

describe("the packed package", () => {
  it("holds every export with its types, the bin, the templates and the walkthrough init --example writes, and no tests, fixtures, benchmarks or other examples", () => {
    for (const [name, target] of Object.entries(manifest.exports)) {
      for (const file of typeof target === "string" ? [target] : [target.types, target.default])
        expect(packed, `${name}: ${file}`).toContain(file.replace(/^\.\//, ""));
    }
    for (const file of Object.values(manifest.bin)) expect(packed).toContain(file);
    expect(packed).toEqual(
      expect.arrayContaining([
        "templates/types.ts",
        "templates/specs.ts",
        "templates/handlers.ts",
        "templates/client-inputs.ts",
        "examples/walkthrough/src/server.ts",
        "examples/walkthrough/build.js",
        "README.md",
        "package.json",
      ]),
    );
    const example =
      /^examples\/walkthrough\/(client-tools\/[\w-]+\.json|[\w.-]+\.json|build\.js|src\/[\w-]+\.(ts|html))$/;
    expect(
      packed.filter(
        (file) =>
          !example.test(file) &&
          /\.test(-d)?\.|__fixtures__|^dist\/(bench|test-support)\/|^(bench|examples|scripts|test-support|generator|runtime)\//.test(
            file,
          ),
      ),
    ).toEqual([]);
  });

  it("holds only modules that an export or the bin loads, and declarations that an export's types reach (so no test helper ships)", () => {
    const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === "string" ? [] : [target]));
    const declarationOf = (file: string): string => file.replace(/\.js$/, ".d.ts");
    const code = reachable(
      [...targets.map((target) => target.default), ...Object.values(manifest.bin)],
      (file) => file,
    );
    // The exports' types, and the declarations of every module that runs (with the types-only
    // modules they import, whose .js is an empty `export {}`).
    // The bin's bundle (dist/generator/bundle/) is code without declarations: no export reaches it.
    const compiled = [...code].filter((file) => file.startsWith("dist/") && !file.startsWith("dist/generator/bundle/"));
    const types = reachable([...targets.map((target) => target.types), ...compiled.map(declarationOf)], declarationOf);
    // A file here that nothing loads is dead weight, most likely a test helper: add its folder to
    // the "!dist/..." entries of package.json "files". The example `init --example` copies is data, not code.
    const loose = packed.filter(
      (file) =>
        file.endsWith(".js") && !file.startsWith("examples/") && !code.has(file) && !types.has(declarationOf(file)),
    );
    expect(loose).toEqual([]);
    expect(packed.filter((file) => file.endsWith(".d.ts") && !types.has(file))).toEqual([]);
  });

  it("installs into a fresh project, where npx gen-client-tools generates code that tsc accepts with the runtime's types, and every export imports", () => {
    const project = tempProject({
      "package.json": { name: "consumer", private: true, type: "module" },
      "client-tools/open_file_viewer.json": {
        name: "open_file_viewer",
        description: "Open a file viewer.",
        parameters: {
          type: "object",
          properties: { file_path: { type: "string" } },
          required: ["file_path"],
          additionalProperties: false,
        },
      },
      "client-tools/get_location.json": {
        name: "get_location",
        description: "Get the user's city.",
        outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      "client-tools/connect_account.json": {
        name: "connect_account",
        description: "Connect a service with a token the user enters.",
        parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
        privateInput: {
          schema: { type: "object", properties: { token: { type: "string", minLength: 1 } }, required: ["token"] },
          response: { status: "connected" },
        },
      },
      "tsconfig.json": strictTsconfig({ skipLibCheck: false, noEmit: true }),
      "src/consumer.ts": `import { ClientToolRegistry } from "@gen-client-tools/runtime/server";
import { createClientToolRunner } from "@gen-client-tools/runtime";
import { ClientCallBroker } from "@gen-client-tools/runtime/server";
import { generate, type GenerateResult } from "gen-client-tools";
import { clientInputHandlers, dispatchClientAction, registerClientTools, type ClientAction, type ClientInputHandlers, type ClientToolHandlers } from "./client-tools.gen/index.js";

const registry = new ClientToolRegistry({ reservedNames: ["bash"] });
registerClientTools(registry);

const handlers: ClientToolHandlers<{ open(path: string): void }> = {
  open_file_viewer: (args, ctx) => ctx.open(args.file_path),
  get_location: async () => ({ city: "Lyon" }),
  connect_account: async () => ({ token: "typed by the user" }),
};
// The server's handler of the private input, wired to the installed broker.
const vault = new Map<string, string>();
export const privateBroker = new ClientCallBroker({
  tools: registry,
  privateInputs: clientInputHandlers({ connect_account: async (privateInput, args) => void vault.set(args.service, privateInput.token) }),
});
// @ts-expect-error a private input's handler resolves to nothing
export const returning: ClientInputHandlers = { connect_account: async (privateInput) => privateInput.token };
export async function onAction(action: ClientAction): Promise<void> {
  await dispatchClientAction(action, handlers, { open: () => undefined });
}
export const runner = createClientToolRunner({ handlers: { get_location: async () => ({ city: "Lyon" }) }, send: () => undefined });
export const broker: typeof ClientCallBroker = ClientCallBroker;
export const result: Promise<GenerateResult> = generate({ stubs: false });

// The types are real, not any: each of these must be an error.
const wrong: ClientToolHandlers<undefined> = {
  // @ts-expect-error file_path is a string
  open_file_viewer: (args) => args.file_path * 2,
  // @ts-expect-error the result needs a city
  get_location: async () => ({ town: "Lyon" }),
  // @ts-expect-error the private input needs a token
  connect_account: async () => ({ password: "x" }),
};
export { wrong };
`,
      "smoke.mjs": `import * as api from "gen-client-tools";
import * as runtime from "@gen-client-tools/runtime";
import * as server from "@gen-client-tools/runtime/server";
import * as validators from "@gen-client-tools/runtime/validators";
import * as redisStore from "@gen-client-tools/runtime/redis"; // redis is not installed here: the entry must not load it
import clientTools from "gen-client-tools/vite"; // vite is not installed here: the plugin must not load it
const result = await api.generate({ stubs: false, out: "smoke-gen" });
// A private input's round trip through the installed broker: the handler gets the value, the model the response.
const [connect] = runtime.parseClientToolSpecs([JSON.parse((await import("node:fs")).readFileSync("client-tools/connect_account.json", "utf8"))]);
const taken = [];
const broker = new server.ClientCallBroker({ tools: [connect], privateInputs: { connect_account: async (value) => void taken.push(value) } });
broker.on("requested", ({ request }) => void broker.submit({ requestId: request.requestId, owner: "alice", result: { token: "t0ken" } }));
const outcome = await broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "connect_account", toolCallId: "call_1", args: { service: "github" } });
await broker.close();
console.log(JSON.stringify({
  privateInput: { outcome, taken },
  toolCount: result.toolCount,
  diagnostics: result.diagnostics.length,
  runtime: typeof runtime.createClientToolRunner,
  server: typeof server.ClientToolRegistry,
  validators: typeof validators.ajvUcs2length,
  redis: typeof redisStore.RedisPendingCallStore,
  plugin: clientTools().name,
}));
`,
    });
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, tarball, "typescript@7.0.2", "--prefer-offline", "--no-audit", "--no-fund"],
      200_000,
    );
    expect(install.status, install.stderr).toBe(0);

    const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stdout).toMatch(/3 tools, 7 files written/);
    expect(sh(project, "npx", ["--no", "--", "gen-client-tools", "--check"]).status).toBe(0);

    const tsc = sh(project, "npx", ["--no", "--", "tsc", "--noEmit"]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);

    const smoke = sh(project, process.execPath, ["smoke.mjs"]);
    expect(smoke.status, smoke.stderr).toBe(0);
    expect(JSON.parse(smoke.stdout)).toEqual({
      privateInput: { outcome: { status: "ok", result: { status: "connected" } }, taken: [{ token: "t0ken" }] },
      toolCount: 3,
      diagnostics: 0,
      runtime: "function",
      server: "function",
      validators: "function",
      redis: "function",
      plugin: "gen-client-tools",
    });
  }, 300_000);

  it("serves a fresh project on its frameworks: --validators output, dispatchToolCall, Standard Schema and every adapter, type-checked against the installed frameworks and loaded in node", () => {
    const project = tempProject({
      "package.json": { name: "frameworks", private: true, type: "module" },
      "gen-client-tools.config.json": { validators: true, stubs: false },
      "client-tools/pick_date.json": {
        name: "pick_date",
        description: "Ask the user for a date.",
        parameters: {
          type: "object",
          properties: { title: { type: "string" } },
          required: ["title"],
          additionalProperties: false,
        },
        outputSchema: {
          type: "object",
          properties: { date: { type: "string" } },
          required: ["date"],
          additionalProperties: false,
        },
      },
      "client-tools/notify.json": {
        name: "notify",
        description: "Show a toast.",
        parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      },
      "tsconfig.json": strictTsconfig({ skipLibCheck: true, rootDir: "src", outDir: "dist" }),
      "src/app.ts": `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { toAiSdkTools, handleAiSdkToolCall, type ToolCallDispatch } from "@gen-client-tools/runtime/ai-sdk";
import { serveClientToolsOverMcp } from "@gen-client-tools/runtime/mcp";
import { toAgUiToolCallEvents, createAgUiClientToolSubscriber } from "@gen-client-tools/runtime/ag-ui";
import { fromOpenAIChatToolCall, toOpenAIChatToolMessage } from "@gen-client-tools/runtime/providers";
import { toOpenAIAgentsTools } from "@gen-client-tools/runtime/openai-agents";
import { toLangChainTools } from "@gen-client-tools/runtime/langchain";
import { toTanStackToolDefinitions } from "@gen-client-tools/runtime/tanstack-ai";
import { clientToolSpecs, dispatchToolCall, type ClientToolHandlers, type ClientToolMap } from "./client-tools.gen/index.js";
import { clientToolValidators } from "./client-tools.gen/validators/index.js";
import { clientToolSchemas } from "./client-tools.gen/validators/standard-schemas.js";

const handlers: ClientToolHandlers<{ signal: AbortSignal }> = { pick_date: (args) => ({ date: args.title }), notify: () => undefined };
const dispatch: ToolCallDispatch = (name, args, { signal }) => dispatchToolCall(name, args, handlers, { signal });
export const tools = toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators: clientToolValidators });
export const subscriber = createAgUiClientToolSubscriber({ dispatch });
export { handleAiSdkToolCall };

export async function smoke(): Promise<unknown> {
  const server = new Server({ name: "app", version: "1.0.0" });
  serveClientToolsOverMcp(server, clientToolSpecs, dispatch);
  const call = fromOpenAIChatToolCall({ id: "c1", type: "function", function: { name: "pick_date", arguments: '{"title":"2026-12-24"}' } });
  const outcome = call.ok ? await dispatchToolCall(call.name, call.args, handlers, { signal: new AbortController().signal }) : call;
  const invalid = await dispatchToolCall("pick_date", { title: 1 }, handlers, { signal: new AbortController().signal });
  return {
    message: toOpenAIChatToolMessage("c1", outcome),
    invalid: invalid.ok ? "accepted" : invalid.reason,
    events: toAgUiToolCallEvents({ toolCallId: "c2", toolName: "notify", args: { text: "hi" } }).map((e) => e.type),
    standard: clientToolSchemas.pick_date.args["~standard"].validate({ title: 2 }),
    aiSdkTools: Object.keys(tools),
    agentsTools: toOpenAIAgentsTools(clientToolSpecs, { validators: clientToolValidators }).map((tool) => [tool.name, tool.parameters]),
    langChainTools: toLangChainTools(clientToolSpecs).map((tool) => [tool.name, tool.schema]),
    tanStackTools: toTanStackToolDefinitions(clientToolSpecs).map((tool) => [tool.name, tool.inputSchema]),
  };
}
`,
      "smoke.mjs": `import { smoke } from "./dist/app.js";
console.log(JSON.stringify(await smoke()));
`,
    });
    // The framework snippets of docs/frameworks.md, compiled here against the same generated tools.
    const frameworksPage = readFileSync(new URL("../docs/frameworks.md", import.meta.url), "utf8");
    const snippets = [...frameworksPage.matchAll(/```ts\n\/\/ (with-[\w-]+\.ts)\n([\s\S]*?)```/g)];
    expect(snippets.map((match) => match[1]).sort()).toEqual([
      "with-ag-ui.ts",
      "with-ai-sdk-approval.ts",
      "with-ai-sdk-page.ts",
      "with-ai-sdk-server.ts",
      "with-deferred-page.ts",
      "with-langchain.ts",
      "with-mcp.ts",
      "with-openai-agents.ts",
      "with-openai.ts",
      "with-tanstack-ai.ts",
    ]);
    for (const [, name, code] of snippets) writeFileSync(path.join(project, "src", name!), code!);
    const frameworks = [
      "ai@6.0.325",
      "@ai-sdk/react@3.0.328",
      "react@19.3.1",
      "@types/react@19.2.7",
      "@modelcontextprotocol/sdk@1.32.2",
      "@ag-ui/core@1.0.0",
      "@ag-ui/client@1.0.0",
      "openai@6.49.0",
      "@openai/agents@0.20.0",
      "zod@4.6.7",
      "@langchain/core@1.4.0",
      "@langchain/langgraph@1.7.3",
      "@tanstack/ai@0.58.0",
      "typescript@7.0.2",
    ];
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, tarball, ...frameworks, "--prefer-offline", "--no-audit", "--no-fund"],
      240_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
    expect(generate.status, generate.stderr).toBe(0);
    const tsc = sh(project, "npx", ["--no", "--", "tsc"]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    const smoke = sh(project, process.execPath, ["smoke.mjs"]);
    expect(smoke.status, smoke.stderr).toBe(0);
    expect(JSON.parse(smoke.stdout)).toEqual({
      message: { role: "tool", tool_call_id: "c1", content: '{"date":"2026-12-24"}' },
      invalid: "invalid_arguments",
      events: ["TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END"],
      standard: { issues: [{ message: "must be string", path: ["title"] }] },
      aiSdkTools: ["notify", "pick_date"],
      // Each framework's own tool objects, built in the fresh project: the schemas as written.
      ...Object.fromEntries(
        ["agentsTools", "langChainTools", "tanStackTools"].map((key) => [
          key,
          [
            ["notify", { type: "object", properties: { text: { type: "string" } }, required: ["text"] }],
            [
              "pick_date",
              {
                type: "object",
                properties: { title: { type: "string" } },
                required: ["title"],
                additionalProperties: false,
              },
            ],
          ],
        ]),
      ),
    });
  }, 300_000);

  it("gives CopilotKit v2's useFrontendTool the generated Standard Schema objects as they are, typed with the generated arguments, and installs beside CopilotKit's AG-UI (type-checked against @copilotkit/react-core)", () => {
    const project = tempProject({
      "package.json": { name: "copilotkit-app", private: true, type: "module" },
      "gen-client-tools.config.json": { validators: true, stubs: false },
      "client-tools/pick_date.json": {
        name: "pick_date",
        description: "Ask the user for a date.",
        parameters: {
          type: "object",
          properties: { title: { type: "string" }, earliest: { type: "string", format: "date" } },
          required: ["title"],
          additionalProperties: false,
        },
        outputSchema: {
          type: "object",
          properties: { date: { type: "string" } },
          required: ["date"],
          additionalProperties: false,
        },
      },
      "client-tools/notify.json": {
        name: "notify",
        description: "Show a toast.",
        parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      },
      "tsconfig.json": strictTsconfig({ skipLibCheck: true, noEmit: true }),
      // CopilotKit brings @ag-ui/core and @ag-ui/client 0.0.x: the AG-UI adapter must install and type-check beside them.
      "src/ag-ui.ts": `import type { AgentSubscriber } from "@ag-ui/client";
import type { BaseEvent } from "@ag-ui/core";
import { createAgUiClientToolSubscriber, toAgUiToolCallEvents } from "@gen-client-tools/runtime/ag-ui";
import { dispatchToolCall, type ClientToolHandlers } from "./client-tools.gen/index.js";

const handlers: ClientToolHandlers = { pick_date: () => ({ date: "2026-12-24" }), notify: () => undefined };
export const events: BaseEvent[] = toAgUiToolCallEvents({ toolCallId: "c1", toolName: "pick_date", args: { title: "When?" } });
export const subscriber: AgentSubscriber = createAgUiClientToolSubscriber({ dispatch: (name, args) => dispatchToolCall(name, args, handlers) });
`,
      // docs/frameworks.md's CopilotKit block as written.
      "src/copilotkit.ts": `${/```ts\n\/\/ copilotkit\.ts\n([\s\S]*?)```/.exec(readFileSync(new URL("../docs/frameworks.md", import.meta.url), "utf8"))![1]!}`,
      "src/tools.ts": `import { useFrontendTool } from "@copilotkit/react-core/v2";
import { clientToolSpecs, dispatchToolCall, type ClientToolHandlers } from "./client-tools.gen/index.js";
import { clientToolSchemas } from "./client-tools.gen/validators/standard-schemas.js";

const handlers: ClientToolHandlers = { pick_date: (args) => ({ date: args.earliest ?? args.title }), notify: () => undefined };
const pickDate = clientToolSpecs.find((spec) => spec.name === "pick_date")!;

export function usePickDate(): void {
  useFrontendTool({
    name: "pick_date",
    description: pickDate.description,
    parameters: clientToolSchemas.pick_date.args,
    handler: async (args) => {
      const title: string = args.title;
      // @ts-expect-error the arguments are the generated PickDateArgs, which have no "colour"
      void args.colour;
      const outcome = await dispatchToolCall("pick_date", args, handlers);
      return outcome.ok ? outcome.output : { error: outcome.message, title };
    },
  });
}
`,
    });
    installGenerateCompile(project, [
      "@copilotkit/react-core@1.74.0",
      "react@19.3.1",
      "react-dom@19.3.1",
      "@types/react@19.2.7",
      "zod@4.6.7",
      "typescript@7.0.2",
    ]);
  }, 500_000);

  it("draws a chart card with the React entry from the packed tarballs: the docs' card compiles against react and ai, and renders a call whose arguments are streaming in", () => {
    const chat = (name: string) =>
      readFileSync(new URL(`../examples/ai-sdk-chat/client-tools/${name}.json`, import.meta.url), "utf8").replace(
        /"\$schema": "[^"]*",\s*/,
        "",
      );
    const block = /```tsx partial=chart-card\n([\s\S]*?)```/.exec(
      readFileSync(new URL("../docs/generative-ui.md", import.meta.url), "utf8"),
    )![1]!;
    const project = tempProject({
      "package.json": { name: "chart-app", private: true, type: "module" },
      "gen-client-tools.config.json": { validators: true, stubs: false },
      "client-tools/show_chart.json": chat("show_chart"),
      "client-tools/pick_colour.json": chat("pick_colour"),
      "client-tools/show_toast.json": chat("show_toast"),
      "tsconfig.json": strictTsconfig({ skipLibCheck: true, jsx: "react-jsx", rootDir: "src", outDir: "dist" }),
      // docs/generative-ui.md's card as written, with the streams its page makes.
      "src/chart-card.tsx": `${CODE_BLOCK_WRAPPERS["chart-card"]!.before}\n${block}\nexport { cards, Message, streams };\n`,
      "src/render.tsx": `import { renderToStaticMarkup } from "react-dom/server";
import { ClientToolCallView } from "@gen-client-tools/runtime/react";
import { cards, streams } from "./chart-card.js";

const part = { type: "tool-show_chart", toolCallId: "c1", state: "input-streaming", rawInput: '{"title":"Weekly sales","kind":"ba' } as const;
const first = renderToStaticMarkup(<ClientToolCallView part={part} streams={streams} renderers={cards} />);
const next = renderToStaticMarkup(<ClientToolCallView part={{ ...part, rawInput: part.rawInput + 'r","points":[{"label":"Mon","value":4},{"label":"Tu' }} streams={streams} renderers={cards} />);
console.log(JSON.stringify([first, next]));
`,
    });
    installGenerateCompile(project, [
      "react@19.3.1",
      "react-dom@19.3.1",
      "@types/react@19.2.7",
      "@types/react-dom@19.2.3",
      "ai@6.0.325",
      "typescript@7.0.2",
    ]);
    const run = sh(project, process.execPath, ["dist/render.js"]);
    expect(run.status, run.stderr).toBe(0);
    const [first, next] = JSON.parse(run.stdout) as [string, string];
    expect(first).toContain('<figcaption class="final">Weekly sales</figcaption>');
    expect(first, '"ba" is not a chart kind: the card waits for it').toContain("<p>… chart</p>");
    expect(next).toContain("<p>bar chart</p>");
    expect(next).toContain('<li class="final">Mon 4</li>');
    expect(next, "the second point is still being written").toContain('<li class="pending">Tu </li>');
  }, 500_000);

  it("gates a pull request with the docs' diff line: the spec folder at the base branch against the working tree, from the packed tarballs in a git repository", () => {
    const viewer = (properties: object, required: string[]) => ({
      name: "open_file_viewer",
      description: "Open a file.",
      parameters: { type: "object", properties, required, additionalProperties: false },
    });
    const project = tempProject({
      "package.json": { name: "gated", private: true, type: "module" },
      "client-tools/open_file_viewer.json": viewer({ file_path: { type: "string" } }, ["file_path"]),
    });
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, tarball, "--prefer-offline", "--no-audit", "--no-fund"],
      200_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const git = (...args: string[]) => expect(sh(project, "git", args).status).toBe(0);
    writeFileSync(path.join(project, ".gitignore"), "node_modules\n");
    git("init", "-q", "-b", "main");
    git("-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "--allow-empty", "-m", "empty");
    git("add", "-A");
    git("-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "specs");
    // As actions/checkout leaves a pull request: the base branch as origin/<base>, the change in the working tree.
    git("update-ref", "refs/remotes/origin/main", "HEAD");
    writeFileSync(
      path.join(project, "client-tools/open_file_viewer.json"),
      JSON.stringify(viewer({ file_path: { type: "string" }, line: { type: "integer" } }, ["file_path", "line"])),
    );
    const page = readFileSync(new URL("../docs/schema-evolution.md", import.meta.url), "utf8");
    const line = /- run: (npx gen-client-tools diff [^\n]+)/.exec(page)![1]!;
    const gate = spawnSync("bash", ["-c", line], {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, GITHUB_BASE_REF: "main" },
      timeout: 60_000,
    });
    expect(gate.status, gate.stderr).toBe(1);
    expect(gate.stdout).toContain("gen-client-tools diff git:origin/main -> client-tools");
    expect(gate.stdout).toContain("open_file_viewer  changed, breaking");
    const json = sh(project, "npx", ["--no", "--", "gen-client-tools", "diff", "git:origin/main", "--json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      breaking: ["open_file_viewer"],
      tools: [{ tool: "open_file_viewer", parameters: { oldInNew: { holds: false }, newInOld: { holds: false } } }],
    });
    const allowed = sh(project, "npx", [
      "--no",
      "--",
      "gen-client-tools",
      "diff",
      "git:origin/main",
      "client-tools",
      "--fail-on",
      "breaking",
      "--allow",
      "open_file_viewer",
    ]);
    expect(allowed.status, allowed.stderr).toBe(0);
  }, 300_000);

  it("keeps a server from sending a page generated from older specs the calls it cannot run, over SSE and WebSocket: the page is told, the model reads why, nothing hangs (from the packed tarballs, in a child process)", () => {
    const location = (properties: object) => ({
      name: "get_location",
      description: "Get the user's city.",
      outputSchema: { type: "object", properties, required: Object.keys(properties) },
    });
    const project = tempProject({
      "package.json": { name: "deployed", private: true, type: "module" },
      "client-tools/get_location.json": location({ city: { type: "string" } }),
      "client-tools/open_file_viewer.json": {
        name: "open_file_viewer",
        description: "Open a file.",
        parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
      },
      "client-tools/confirm.json": {
        name: "confirm",
        description: "Ask the user to confirm.",
        outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      },
      "tsconfig.json": strictTsconfig({ outDir: "dist", rootDir: "src", skipLibCheck: true, types: ["node"] }),
      "src/check.ts": `import { createServer } from "node:http";
import { WebSocket, WebSocketServer } from "ws";
import { decodeClientToolServerMessage } from "@gen-client-tools/runtime/wire";
import { outcomeToObservation, type ClientCallOutcome } from "@gen-client-tools/runtime";
import { attachClientTools, ClientCallBroker, createClientToolsHandler, toNodeListener } from "@gen-client-tools/runtime/server";
import { clientToolContract as oldPage } from "./old-page.gen/index.js";
import { clientToolSpecs } from "./client-tools.gen/index.js";

// The new server; the page still runs the code generated before get_location gained \`country\` and read_clipboard was added.
const broker = new ClientCallBroker({ tools: clientToolSpecs });
const server = createServer(toNodeListener(createClientToolsHandler(broker, { authenticate: (request) => request.headers.get("x-user") ?? undefined })));
const wss = new WebSocketServer({ server });
wss.on("connection", (socket, request) => attachClientTools(socket, broker, "bob", { url: request.url ?? "/" }));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as { port: number }).port;

const deadline = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<"hangs">((resolve) => setTimeout(() => resolve("hangs"), 5000))]);
const said = (outcome: ClientCallOutcome | "hangs") => (outcome === "hangs" ? outcome : outcomeToObservation(outcome).content[0]!.text);

// Alice's page over Server-Sent Events.
const events = await fetch(\`http://127.0.0.1:\${port}/client-tools/events?tools=\${oldPage}\`, { headers: { "x-user": "alice" } });
const reader = events.body!.getReader();
let text = "";
const sse = async (count: number) => {
  while ((text.match(/\\n\\n/g) ?? []).length < count) text += new TextDecoder().decode((await reader.read()).value);
  return text.split("\\n\\n").filter((block) => block.startsWith("event:")).map((block) => block.split("\\n")[0]);
};
const aliceChanged = await deadline(broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "get_location", toolCallId: "a1", args: {} }));
const aliceAdded = await deadline(broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "read_clipboard", toolCallId: "a2", args: {} }));
const aliceSame = broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "confirm", toolCallId: "a3", args: {} });
const sseEvents = await sse(4);
await reader.cancel();

// Bob's page over a WebSocket.
const socket = new WebSocket(\`ws://127.0.0.1:\${port}/?tools=\${oldPage}\`);
const frames: unknown[] = [];
socket.on("message", (data) => frames.push(decodeClientToolServerMessage(String(data))));
await new Promise((resolve) => socket.once("open", resolve));
const bobChanged = await deadline(broker.dispatch({ conversationId: "c2", owner: "bob", toolName: "get_location", toolCallId: "b1", args: {} }));
while (frames.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
socket.close();

console.log(JSON.stringify({ sseEvents, alice: [said(aliceChanged), said(aliceAdded)], frames, bob: said(bobChanged) }));
await broker.cancel({ requestId: (await broker.pending({ owner: "alice" }))[0]!.requestId, owner: "alice" }, "done");
await aliceSame;
await broker.close();
wss.close();
server.close();
`,
    });
    const install = sh(
      project,
      "npm",
      [
        "install",
        runtimeTarball,
        tarball,
        "ws@8.23.0",
        "@types/ws@8.18.2",
        "@types/node@20.19.43",
        "typescript@7.0.2",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
      ],
      300_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const old = sh(project, "npx", ["--no", "--", "gen-client-tools", "--out", "src/old-page.gen", "--no-stubs"]);
    expect(old.status, old.stderr).toBe(0);
    writeFileSync(
      path.join(project, "client-tools/get_location.json"),
      JSON.stringify(location({ city: { type: "string" }, country: { type: "string" } })),
    );
    writeFileSync(
      path.join(project, "client-tools/read_clipboard.json"),
      JSON.stringify({ name: "read_clipboard", description: "Read the clipboard.", awaited: true }),
    );
    const current = sh(project, "npx", ["--no", "--", "gen-client-tools", "--no-stubs"]);
    expect(current.status, current.stderr).toBe(0);
    const tsc = sh(project, "npx", ["--no", "--", "tsc"]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    const run = sh(project, "node", ["dist/check.js"], 60_000);
    expect(run.status, run.stderr).toBe(0);
    const seen = JSON.parse(run.stdout) as {
      sseEvents: string[];
      alice: string[];
      frames: { type: string; toolName: string; differs: string[] }[];
      bob: string;
    };
    expect(seen.sseEvents).toEqual([
      "event: client_tool.mismatch",
      "event: client_tool.mismatch",
      "event: client_tool",
    ]);
    expect(seen.alice).toEqual([
      expect.stringMatching(
        /^The user's page cannot run this tool: it is out of date \(its code has another version of the tool, which differs in its result's schema\)/,
      ),
      expect.stringMatching(/^The user's page cannot run this tool: it is out of date \(its code has no such tool\)/),
    ]);
    expect(seen.frames).toEqual([
      expect.objectContaining({ type: "client_tool.mismatch", toolName: "get_location", differs: ["result"] }),
    ]);
    expect(seen.bob).toMatch(/^The user's page cannot run this tool: it is out of date/);
    // @opentelemetry/api is an optional peer: not installed here, and the broker ran without it.
    expect(existsSync(path.join(project, "node_modules/@opentelemetry"))).toBe(false);
  }, 400_000);

  it("runs the README's path in a fresh project: init, generate, and the example spec's $schema is the schema the package ships", () => {
    const project = tempProject({ "package.json": { name: "fresh", private: true, type: "module" } });
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, tarball, "--prefer-offline", "--no-audit", "--no-fund"],
      200_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const init = sh(project, "npx", ["--no", "--", "gen-client-tools", "init"]);
    expect(init.status, init.stderr).toBe(0);
    const example = JSON.parse(readFileSync(path.join(project, "client-tools/open_file_viewer.json"), "utf8")) as {
      $schema: string;
    };
    const schema = JSON.parse(readFileSync(path.resolve(project, "client-tools", example.$schema), "utf8")) as {
      title: string;
    };
    expect(schema.title).toBe("gen-client-tools client tool spec file");
    const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stdout).toContain("1 tool, 7 files written");
    expect(readFileSync(path.join(project, "src/client-tools.gen/specs.ts"), "utf8")).not.toContain("$schema");
  }, 300_000);

  // A project with its own prettier, of another 3.x version than the one this package depends
  // on: the user's prettier, config and version must shape the output, so that their
  // `prettier --check` passes, from the CLI, from --check, and from `vite build`.
  const userPrettier = "3.3.3";
  const prettierProject = (type: "module" | "commonjs"): string =>
    tempProject({
      "package.json": { name: "consumer", private: true, type },
      ".prettierrc": { semi: false, singleQuote: true },
      "client-tools/get_location.json": {
        name: "get_location",
        description: "Get the user's city.",
        outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      "vite.config.mjs": `import clientTools from "gen-client-tools/vite";
export default { plugins: [clientTools({ out: "src/vite.gen", stubs: false })], build: { lib: { entry: "src/entry.ts", formats: ["es"] } }, logLevel: "warn" };
`,
      "src/entry.ts": `export { clientToolSpecs } from "./vite.gen/index.js";\n`,
    });

  it("keeps a project with {semi: false, singleQuote: true} passing `prettier --check .` through init, generate, a tool added, and --validators", () => {
    const project = tempProject({
      "package.json": { name: "consumer", private: true, type: "module" },
      ".prettierrc": '{\n  "semi": false,\n  "singleQuote": true\n}\n',
    });
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, tarball, `prettier@${userPrettier}`, "--prefer-offline", "--no-audit", "--no-fund"],
      200_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const prettierCheck = (): void => {
      const result = sh(project, "npx", ["--no", "--", "prettier", "--check", "."]);
      expect(result.status, result.stdout + result.stderr).toBe(0);
    };
    const run = (...args: string[]): void => {
      const result = sh(project, "npx", ["--no", "--", "gen-client-tools", ...args]);
      expect(result.status, result.stdout + result.stderr).toBe(0);
    };
    /** A spec the user adds, saved as their editor's prettier saves it. */
    const addTool = (name: string): void => {
      writeFileSync(
        path.join(project, `client-tools/${name}.json`),
        JSON.stringify({
          name,
          description: `The ${name} tool.`,
          outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
        }),
      );
      expect(sh(project, "npx", ["--no", "--", "prettier", "--write", `client-tools/${name}.json`]).status).toBe(0);
    };
    run("init");
    prettierCheck();
    run();
    prettierCheck();
    addTool("get_city");
    run();
    // The stub added to the user's handlers file is formatted as the rest of it.
    expect(readFileSync(path.join(project, "src/client-tool-handlers.ts"), "utf8")).toMatch(
      /get_city\(_args, _ctx\) \{\n\s+throw new Error\('client tool "get_city" is not implemented yet'\)\n/,
    );
    prettierCheck();
    run("--validators");
    prettierCheck();
    addTool("get_time");
    run("--validators");
    prettierCheck();
    run("--validators", "--check");
  }, 300_000);

  for (const type of ["module", "commonjs"] as const) {
    it(`formats with the project's own prettier and config (a ${type} project): the CLI, --check and vite build`, () => {
      const project = prettierProject(type);
      const install = sh(
        project,
        "npm",
        [
          "install",
          runtimeTarball,
          tarball,
          `prettier@${userPrettier}`,
          "vite@8.3.8",
          "--prefer-offline",
          "--no-audit",
          "--no-fund",
        ],
        200_000,
      );
      expect(install.status, install.stderr).toBe(0);
      // npm nests this package's own prettier beside it, and the project's is the one at the top.
      expect(JSON.parse(readFileSync(path.join(project, "node_modules/prettier/package.json"), "utf8")).version).toBe(
        userPrettier,
      );

      const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
      expect(generate.status, generate.stderr).toBe(0);
      expect(generate.stdout).toContain(`1 tool, 7 files written`);
      expect(generate.stdout).toContain(`formatted with prettier ${userPrettier}`);
      expect(readFileSync(path.join(project, "src/client-tools.gen/index.ts"), "utf8")).toContain(
        "} from './types.js'\n",
      );
      const prettierCheck = sh(project, "npx", [
        "--no",
        "--",
        "prettier",
        "--check",
        "src/client-tools.gen",
        "src/client-tool-handlers.ts",
      ]);
      expect(prettierCheck.status, prettierCheck.stdout + prettierCheck.stderr).toBe(0);
      const check = sh(project, "npx", ["--no", "--", "gen-client-tools", "--check"]);
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout).toMatch(/generated files are up to date/);

      const build = sh(project, "npx", ["--no", "--", "vite", "build"], 120_000);
      expect(build.status, build.stderr).toBe(0);
      const viteCheck = sh(project, "npx", ["--no", "--", "prettier", "--check", "src/vite.gen"]);
      expect(viteCheck.status, viteCheck.stdout + viteCheck.stderr).toBe(0);
      // A spec problem fails the build with the problem and none of the plugin's own frames.
      writeFileSync(path.join(project, "client-tools/bad.json"), JSON.stringify({ name: "bad" }));
      const failed = sh(project, "npx", ["--no", "--", "vite", "build"], 120_000);
      expect(failed.status).not.toBe(0);
      expect(failed.stdout + failed.stderr).toContain(
        'client-tools/bad.json:1:1 (at /description): "description" is required',
      );
      expect(failed.stdout + failed.stderr).not.toMatch(/gen-client-tools\/dist/);
    }, 300_000);
  }
});
