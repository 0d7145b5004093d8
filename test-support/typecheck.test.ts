import { describe, expect, it } from "vitest";
import { typecheck } from "./typecheck.js";

describe("typecheck", () => {
  it("reports nothing for clean ES module code across files", () => {
    expect(
      typecheck({
        "/gen/types.ts": "export interface A { readonly a?: string }\n",
        "/gen/index.ts": 'import type { A } from "./types.js";\nexport const a: A = {};\n',
      }),
    ).toEqual([]);
  });

  it("reports a type error as file:line:col message", () => {
    const errors = typecheck({ "/gen/bad.ts": "export const n: number = 1;\nexport const s: string = n;\n" });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\/gen\/bad\.ts:2:14 Type 'number' is not assignable to type 'string'/);
  });

  it.each([
    ["exactOptionalPropertyTypes", "export const a: { a?: string } = { a: undefined };", /exactOptionalPropertyTypes/],
    ["noUncheckedIndexedAccess", "export const f = (xs: string[]): string => xs[0];", /'string \| undefined'/],
    ["noUnusedLocals", "const unused = 1;\nexport {};", /'unused' is declared/],
    [
      "noImplicitReturns",
      "export function f(x: boolean): number | undefined { if (x) return 1; }",
      /Not all code paths/,
    ],
    ["noImplicitOverride", "class B { m() {} }\nexport class C extends B { m() {} }", /'override' modifier/],
    ["noPropertyAccessFromIndexSignature", "export const f = (r: Record<string, number>) => r.x;", /index signature/],
    ["verbatimModuleSyntax", 'import { A } from "./t.js";\nexport const a: A = 1;', /type-only import/],
    [
      "NodeNext ESM (relative imports need .js)",
      'import type { A } from "./t";\nexport const a: A = 1;',
      /explicit file extensions/,
    ],
    ["no Node types", 'export const b = Buffer.from("");', /Cannot find name 'Buffer'/],
  ])("enforces %s", (_, code, expected) => {
    const errors = typecheck({ "/gen/t.ts": "export type A = number;\n", "/gen/x.ts": code });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\/gen\/x\.ts:\d+:\d+ /);
    expect(errors[0]).toMatch(expected);
  });

  it("has the DOM lib, as browser code needs", () => {
    expect(typecheck({ "/gen/dom.ts": "export const t: string = document.title;\n" })).toEqual([]);
  });

  it("does not keep files from an earlier call", () => {
    typecheck({ "/gen/old.ts": "export const old = 1;\n" });
    const errors = typecheck({ "/gen/new.ts": 'export { old } from "./old.js";\n' });
    expect(errors.join("\n")).toMatch(/Cannot find module/);
  });
});
