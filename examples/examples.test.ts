import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../generator/generate.js";
import { loadConfig } from "../generator/options/config-file.js";

const examplesDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(examplesDir);
const examples = readdirSync(examplesDir).filter((name) => existsSync(path.join(examplesDir, name, "client-tools")));

describe.each(examples)("examples/%s", (name) => {
  const cwd = path.join(examplesDir, name);

  it("has committed generated output equal to a fresh run", async () => {
    // As the CLI runs it: with the example's gen-client-tools.config.json, if it has one.
    const config = loadConfig(undefined, cwd);
    expect(config.diagnostics).toEqual([]);
    const result = await generate({ ...config.options, cwd });
    expect(result.diagnostics).toEqual([]);
    const generated = result.files.filter((file) => file.role === "generated");
    const names = generated.map((file) => path.relative(result.outDir, file.path).split(path.sep).join("/"));
    expect(names.filter((name) => !name.startsWith("validators/")).sort()).toEqual([
      "client-inputs.ts",
      "gen-client-tools.manifest.json",
      "handlers.ts",
      "index.ts",
      "specs.ts",
      "types.ts",
    ]);
    // --validators: a module per tool, the map (index.ts) and the Standard Schema objects.
    expect(names.filter((name) => name.startsWith("validators/"))).toHaveLength(
      config.options.validators === true ? result.toolCount + 2 : 0,
    );
    for (const file of generated) {
      // The manifest may come from other generator code (the built one): it must describe this generation.
      const committed = readFileSync(file.path, "utf8");
      if (file.sameAs?.(committed) !== true)
        expect(committed, `${path.relative(root, file.path)} is stale: run npm run generate:examples`).toBe(
          file.contents,
        );
    }
    // Nothing committed in the output folder that a run would not write.
    const committed = readdirSync(result.outDir, { recursive: true, encoding: "utf8" }).filter(
      (entry) => path.extname(entry) !== "",
    );
    expect(committed.map((entry) => entry.split(path.sep).join("/")).sort()).toEqual([...names].sort());
    // The handlers file has a method for every tool, so a run leaves it alone.
    expect(result.files.filter((file) => file.role === "stubs")).toEqual([]);
  });
});

describe("generated code and its consumers compile under the strictest settings", () => {
  const project = path.join(examplesDir, "tsconfig.json");
  const compile = (tsc: string): string => {
    try {
      return execFileSync(process.execPath, [tsc, "-p", project, "--pretty", "false"], { encoding: "utf8" });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  };

  it("with TypeScript 7", () => {
    expect(compile(path.join(root, "node_modules/typescript/bin/tsc"))).toBe("");
  });

  it("with TypeScript 5.x", () => {
    expect(compile(path.join(root, "node_modules/typescript5/bin/tsc"))).toBe("");
  });
});

describe("examples/basic through the runtime", () => {
  it("registers its generated specs in the runtime registry, fingerprints verified", async () => {
    const { ClientToolRegistry } = await import("../runtime/server.js");
    const { clientToolSpecs, registerClientTools } = await import("./basic/src/client-tools.gen/specs.js");
    const registry = new ClientToolRegistry({ reservedNames: ["bash"] });
    const registered = registerClientTools(registry);
    expect(registered.map((tool) => tool.name)).toEqual(clientToolSpecs.map((spec) => spec.name));
    expect(registered.map((tool) => tool.fingerprints)).toEqual(clientToolSpecs.map((spec) => spec.fingerprints));
    // The same specs again are the same registrations.
    expect(registerClientTools(registry)).toEqual(registered);
  });

  it("carries every spec as written (inputSchema as parameters), deep-frozen", async () => {
    const { clientToolSpecs, clientToolsPayload } = await import("./basic/src/client-tools.gen/specs.js");
    const written = readdirSync(path.join(examplesDir, "basic/client-tools"))
      .flatMap((file) => {
        const value = JSON.parse(readFileSync(path.join(examplesDir, "basic/client-tools", file), "utf8")) as unknown;
        return Array.isArray(value)
          ? value
          : "client_tools" in (value as object)
            ? (value as { client_tools: unknown[] }).client_tools
            : [value];
      })
      .map((spec) => {
        const { inputSchema, ...rest } = spec as Record<string, unknown>;
        const written: Record<string, unknown> = {
          ...rest,
          parameters: inputSchema ?? rest["parameters"] ?? { type: "object", properties: {} },
        };
        return written;
      })
      .sort((a, b) => String(a["name"]).localeCompare(String(b["name"])));
    expect(clientToolSpecs.map(({ fingerprints: _fingerprints, ...spec }) => spec)).toEqual(written);
    // What a frontend registers per conversation leaves out private-input tools: only the server registers those.
    const sendable = written.filter((spec) => !("privateInput" in spec));
    expect(sendable.length).toBe(written.length - 1);
    expect(clientToolsPayload.client_tools).toEqual(sendable);
    // Schemas keep their keys in their order, byte for byte.
    const schemas = (specs: readonly object[]): string =>
      JSON.stringify(
        specs.map((spec) => [
          (spec as Record<string, unknown>)["parameters"],
          (spec as Record<string, unknown>)["outputSchema"],
        ]),
      );
    expect(schemas(clientToolsPayload.client_tools)).toBe(schemas(sendable));
    expect(Object.isFrozen(clientToolSpecs[0]?.parameters)).toBe(true);
  });
});

describe("examples/walkthrough", () => {
  it("is docs/getting-started.md as written: each of its files is the page's block, character for character", () => {
    const page = readFileSync(new URL("../docs/getting-started.md", import.meta.url), "utf8");
    const fenced = (language: string, first: string) =>
      new RegExp(`\`\`\`${language}\n(${first.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[\\s\\S]*?)\`\`\``).exec(
        page,
      )?.[1];
    const example = (file: string) => readFileSync(new URL(`walkthrough/${file}`, import.meta.url), "utf8");
    for (const file of ["client-tool-handlers.ts", "page-ui.ts", "server.ts", "page.ts"])
      expect(fenced("ts", `// ${file}`), `the page's ${file}`).toBe(example(`src/${file}`));
    expect(fenced("html", "<!doctype html>")).toBe(example("src/index.html"));
    expect(fenced("js", "// Bundles the walkthrough")).toBe(example("build.js"));
    const { "//": _why, ...tsconfig } = JSON.parse(example("tsconfig.json")) as Record<string, unknown>;
    expect(JSON.parse(fenced("json", '{\n  "compilerOptions"')!)).toEqual(tsconfig);
    expect(JSON.parse(fenced("json", '{ "name": "get_location"')!)).toEqual(
      JSON.parse(example("client-tools/get_location.json")),
    );
  });
});

describe("examples/basic's generated dispatch", () => {
  it("refuses an event without an action as the server's invalid-arguments case, and an unknown kind with the hint to regenerate", async () => {
    const { dispatchClientAction } = await import("./basic/src/client-tools.gen/handlers.js");
    const { clientToolHandlers } = await import("./basic/src/client-tool-handlers.js");
    const ui = {
      openPanel: () => undefined,
      confirm: async () => true,
      prompt: async () => undefined,
      promptSecret: async () => "s3cret",
      setTheme: () => undefined,
    };
    const withoutAction = {
      kind: "ActionEvent",
      id: "e1",
      timestamp: "t",
      source: "agent",
      tool_name: "open_file_viewer",
      tool_call_id: "c1",
    } as never;
    await expect(dispatchClientAction(withoutAction, clientToolHandlers, { ui })).rejects.toThrow(
      /^dispatchClientAction received an ActionEvent without an action: the model's arguments were invalid, and the server sends an AgentErrorEvent for it$/,
    );
    await expect(
      dispatchClientAction({ kind: "ClientAction_new_tool" } as never, clientToolHandlers, { ui }),
    ).rejects.toThrow(/unknown action kind "ClientAction_new_tool": regenerate the client-tool bindings/);
  });

  it("runs an awaited tool's call once where a runner serves the same handlers: dispatchClientAction refuses it, saying why, and isFireAndForgetAction picks what it may run", async () => {
    const { dispatchClientAction, isFireAndForgetAction, isClientAction } = await import(
      "./basic/src/client-tools.gen/handlers.js"
    );
    const { createClientToolRunner } = await import("@gen-client-tools/runtime");
    const calls: string[] = [];
    const ui = {
      openPanel: () => void calls.push("open"),
      confirm: async () => true,
      prompt: async () => undefined,
      promptSecret: async () => "s3cret",
      setTheme: () => undefined,
    };
    const handlers = {
      open_file_viewer: () => void calls.push("open_file_viewer"),
      get_location: () => (calls.push("get_location"), { city: "Lyon" }),
      confirm_action: () => ({ confirmed: true }),
      ask_user: () => ({ content: [{ type: "text" as const, text: "yes" }] }),
      connect_account: () => ({ token: "s3cret" }),
      "set-theme": () => undefined,
      show_outline: () => undefined,
    };
    const awaited = {
      kind: "ActionEvent",
      id: "e2",
      timestamp: "t",
      source: "agent",
      tool_name: "get_location",
      tool_call_id: "c2",
      action: { kind: "ClientAction_get_location" },
    } as const;
    const fireAndForget = {
      kind: "ActionEvent",
      id: "e1",
      timestamp: "t",
      source: "agent",
      tool_name: "open_file_viewer",
      tool_call_id: "c1",
      action: { kind: "ClientAction_open_file_viewer", file_path: "a.ts" },
    } as const;
    expect([
      isFireAndForgetAction(fireAndForget.action),
      isFireAndForgetAction(awaited.action),
      isClientAction(awaited.action),
    ]).toEqual([true, false, true]);
    // Without a runner, an awaited action is the page's to run.
    expect(await dispatchClientAction(awaited, handlers, { ui })).toEqual({ city: "Lyon" });
    createClientToolRunner({ handlers, send: async () => {} });
    await expect(dispatchClientAction(awaited, handlers, { ui })).rejects.toThrow(
      /an awaited tool, with handlers a client tool runner runs: .* would run its handler twice\. Give dispatchClientAction only fire-and-forget actions \(isFireAndForgetAction\(event\.action\)\)/,
    );
    await dispatchClientAction(fireAndForget, handlers, { ui });
    expect(calls).toEqual(["get_location", "open_file_viewer"]);
  });

  it("never runs a private-input tool's handler outside the runner, so its value cannot reach a framework's messages", async () => {
    const { dispatchClientAction, dispatchToolCall } = await import("./basic/src/client-tools.gen/handlers.js");
    const { clientToolHandlers } = await import("./basic/src/client-tool-handlers.js");
    let asked = 0;
    const ui = {
      openPanel: () => undefined,
      confirm: async () => true,
      prompt: async () => undefined,
      promptSecret: async () => (asked++, "s3cret"),
      setTheme: () => undefined,
    };
    const outcome = await dispatchToolCall("connect_account", { service: "github" }, clientToolHandlers, { ui });
    expect(outcome).toEqual({
      ok: false,
      name: "connect_account",
      reason: "private_input",
      message: expect.stringContaining("the runner (createClientToolRunner) sends the value to the server alone"),
    });
    await expect(
      dispatchClientAction({ kind: "ClientAction_connect_account", service: "github" }, clientToolHandlers, { ui }),
    ).rejects.toThrow(/takes a private input/);
    expect(asked).toBe(0);
  });
});
