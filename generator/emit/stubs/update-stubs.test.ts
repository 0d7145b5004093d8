import { describe, expect, it } from "vitest";
import type { ToolModel } from "../../model/tool-model.js";
import { emitStubsFile } from "./stubs-file.js";
import { addMissingStubs } from "./update-stubs.js";

const tool = (name: string): ToolModel =>
  ({
    name,
    id: name.replace(/-/g, "_"),
    pascal: name,
    mode: "fire-and-forget",
    spec: { name, description: `Does ${name}.`, parameters: { type: "object" } },
    fingerprints: { parameters: "" },
    version: "f~000000000000",
    types: { args: "A", partialArgs: "APartial", action: "B" },
    source: { file: "tools.json", pointer: "", parametersKey: "parameters" },
    ownMcpArgKind: false,
  }) as ToolModel;

describe("addMissingStubs", () => {
  it("does nothing, without loading ts-morph, when every tool has a handler", async () => {
    const text = emitStubsFile([tool("a"), tool("set-theme")], "./gen/index.js");
    expect(await addMissingStubs(text, [tool("a"), tool("set-theme")], "/h.ts")).toEqual({
      text: undefined,
      added: [],
    });
  });

  it("adds a stub for each new tool and keeps every line the user wrote", async () => {
    const user = [
      'import type { ClientToolHandlers } from "./gen/index.js";',
      "// my comment stays",
      "export const clientToolHandlers: ClientToolHandlers<Ctx> = {",
      "    a: (args) => { console.log(args) },",
      "    'set-theme'(args) {},",
      "};",
      "",
    ].join("\n");
    const update = await addMissingStubs(user, [tool("a"), tool("b"), tool("set-theme"), tool("c-d")], "/h.ts");
    expect(update.added).toEqual(["b", "c-d"]);
    const lines = update.text!.split("\n");
    for (const line of user.split("\n").slice(0, 5)) expect(lines).toContain(line);
    expect(update.text).toContain(
      '    /** Does b. */\n    b(_args, _ctx) {\n      throw new Error("client tool \\"b\\" is not implemented yet");\n    },',
    );
    expect(update.text).toContain('    "c-d"(_args, _ctx) {');
  });

  it("finds a handlers object written with satisfies under another name", async () => {
    const user = "export const mine = {\n  a() {},\n} satisfies ClientToolHandlers<Ctx>;\n";
    const update = await addMissingStubs(user, [tool("a"), tool("b")], "/h.ts");
    expect(update.added).toEqual(["b"]);
    expect(update.text).toMatch(/a\(\) \{\},\n {2}\/\*\* Does b\. \*\/\n {2}b\(_args, _ctx\)/);
  });

  it("adds a separating comma when the last property has none", async () => {
    const user = "export const clientToolHandlers: ClientToolHandlers = {\n  a() {}\n};\n";
    const update = await addMissingStubs(user, [tool("a"), tool("b")], "/h.ts");
    expect(update.text).toContain("  a() {},\n  /** Does b. */");
  });

  it("reports, and changes nothing, when there is no handlers object", async () => {
    const update = await addMissingStubs("export const x = 1;\n", [tool("a")], "/h.ts");
    expect(update.text).toBeUndefined();
    expect(update.problem).toContain("add handlers for a by hand");
  });
});
