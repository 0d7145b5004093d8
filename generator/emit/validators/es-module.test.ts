import { describe, expect, it } from "vitest";
import { compileStandalone } from "./compile.js";
import { validatorModule } from "./es-module.js";

const doc = "/** doc */\n";

describe("validatorModule", () => {
  it("turns ajv's runtime requires into imports at the top, once per module, and leaves no require", () => {
    const withHelpers = compileStandalone({
      type: "object",
      properties: { s: { type: "string", maxLength: 2 }, c: { const: { a: 1 } } },
    });
    const again = compileStandalone({ type: "string", minLength: 1 });
    expect(withHelpers.code).toContain('require("ajv/dist/runtime/ucs2length").default');

    const module = validatorModule([
      { exportName: "validateFirst", type: "FirstArgs", doc, standalone: withHelpers.code },
      { exportName: "validateSecond", type: "SecondArgs", doc, standalone: again.code },
    ]);
    expect(module).not.toContain("require(");
    expect(module.match(/^import .*$/gm)).toEqual([
      'import type { FirstArgs, SecondArgs } from "../types.js";',
      'import type { ClientToolValidator } from "./index.js";',
      'import { ajvEqual, ajvUcs2length } from "@gen-client-tools/runtime/validators";',
    ]);
    // ajv's code is JavaScript: the module is not checked, but each export is typed.
    expect(module.startsWith("// @ts-nocheck\n")).toBe(true);
    expect(module).toMatch(/= ajvUcs2length;$/m);
    expect(module).toContain("export const validateFirst: ClientToolValidator<FirstArgs> = /*#__PURE__*/ (() => {");
    expect(module).toContain("export const validateSecond: ClientToolValidator<SecondArgs> = /*#__PURE__*/ (() => {");
  });

  it("imports the formats only for a format that is a function (ajv writes a regular expression format inline)", () => {
    const module = (format: string) =>
      validatorModule([
        { exportName: "validateX", type: "XArgs", doc, standalone: compileStandalone({ type: "string", format }).code },
      ]);
    expect(module("email")).not.toMatch(/^import (?!type )/m);
    expect(module("date")).toMatch(/^import \{ ajvFormats \} from "@gen-client-tools\/runtime\/validators";$/m);
    expect(module("date")).toContain("= ajvFormats.date;");
  });

  it("refuses a require it does not know, rather than leave it in an ES module", () => {
    const standalone = compileStandalone({ type: "string" }).code.replace(
      "let vErrors = null;",
      'const x = require("left-pad");\nlet vErrors = null;',
    );
    expect(() => validatorModule([{ exportName: "validateX", type: "XArgs", doc, standalone }])).toThrow(
      /require\("left-pad"\).*cannot turn into an import/,
    );
  });

  it("refuses code it does not recognize as ajv's standalone output", () => {
    expect(() =>
      validatorModule([{ exportName: "validateX", type: "XArgs", doc, standalone: "module.exports = validate10;" }]),
    ).toThrow(/unexpected ajv standalone code/);
  });

  it("removes the sourceURL comments even when the $id in them holds */", () => {
    const { code } = compileStandalone({ $id: 'https://example.com/x*/;throw 1;/*"\\', type: "object" });
    expect(code).toContain("/*# sourceURL=");
    const module = validatorModule([{ exportName: "validateX", type: "XArgs", doc, standalone: code }]);
    expect(module).not.toContain("sourceURL");
    expect(module).not.toMatch(/^;$/m);
  });
});
