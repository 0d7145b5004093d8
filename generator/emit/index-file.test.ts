import { describe, expect, it } from "vitest";
import { emitIndexFile, exportsOf } from "./index-file.js";

describe("exportsOf", () => {
  it("reads declarations, export lists and destructured exports at the start of a line, across pieces", () => {
    const pieces = [
      "export type A = 1;\nexport interface B {}\n",
      'export const c = 1;\nexport function d() {}\nexport type {\n  E,\n  F as G,\n} from "x";\n',
      'export { h } from "y";\nexport const { i, j } = k;\n',
    ];
    expect(exportsOf(pieces)).toEqual({ types: ["A", "B", "E", "G"], values: ["c", "d", "h", "i", "j"] });
  });

  it("never reads text inside a doc comment or a spec's JSON as a declaration", () => {
    const pieces = [
      "/**\n * export type Evil = 1;\n */\nexport type Safe = 1;\n",
      '  JSON.parse(String.raw`{\n  "description": "\\nexport const evil = 1"\n}`),\n',
    ];
    expect(exportsOf(pieces)).toEqual({ types: ["Safe"], values: [] });
  });

  it("takes a piece's exports from the memo and adds the pieces it had to read", () => {
    const kept = "export type Kept = 1;\n";
    const memo = new Map([[kept, { types: ["FromMemo"], values: [] }]]);
    expect(exportsOf([kept, "export const fresh = 1;\n"], memo)).toEqual({ types: ["FromMemo"], values: ["fresh"] });
    expect(memo.get("export const fresh = 1;\n")).toEqual({ types: [], values: ["fresh"] });
  });
});

describe("emitIndexFile", () => {
  it("re-exports values and types by name, one per line, type-only where they are types", () => {
    const text = emitIndexFile([
      { specifier: "./types.js", exports: { types: ["A"], values: [] } },
      { specifier: "./handlers.js", exports: { types: ["B"], values: ["c"] } },
    ]);
    expect(text).toContain(
      'export type {\n  A,\n} from "./types.js";\nexport {\n  c,\n} from "./handlers.js";\nexport type {\n  B,\n} from "./handlers.js";\n',
    );
    expect(text).not.toContain("export *");
  });
});
