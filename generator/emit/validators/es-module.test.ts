import { describe, expect, it } from "vitest";
import { compileStandalone } from "./compile.js";
import { validatorModule } from "./es-module.js";

const doc = "/** doc */\n";

describe("validatorModule", () => {
  it("turns ajv's runtime requires into imports at the top, once per module, and leaves no require", () => {
    const withHelpers = compileStandalone({ type: "object", properties: { s: { type: "string", maxLength: 2 }, c: { const: { a: 1 } } } });
    const again = compileStandalone({ type: "string", minLength: 1 });
    expect(withHelpers.code).toContain('require("ajv/dist/runtime/ucs2length").default');

    const module = validatorModule([
      { exportName: "validateFirst", doc, standalone: withHelpers.code },
      { exportName: "validateSecond", doc, standalone: again.code },
    ]);
    expect(module).not.toContain("require(");
    expect(module.match(/^import .*$/gm)).toEqual([
      'import ajvEqualModule from "ajv/dist/runtime/equal.js";',
      'import ajvUcs2lengthModule from "ajv/dist/runtime/ucs2length.js";',
    ]);
    expect(module).toContain("const ajvUcs2length = ajvUcs2lengthModule.default ?? ajvUcs2lengthModule;");
    expect(module).toContain("export const validateFirst = /*#__PURE__*/ (() => {");
    expect(module).toContain("export const validateSecond = /*#__PURE__*/ (() => {");
  });

  it("imports ajv-formats only for a format that is a function (ajv writes a regular expression format inline)", () => {
    const module = (format: string) => validatorModule([{ exportName: "validateX", doc, standalone: compileStandalone({ type: "string", format }).code }]);
    expect(module("email")).not.toContain("import");
    expect(module("date")).toMatch(/^import \{ fullFormats \} from "ajv-formats\/dist\/formats\.js";$/m);
    expect(module("date")).toContain("= fullFormats.date;");
  });

  it("refuses a require it does not know, rather than leave it in an ES module", () => {
    const standalone = compileStandalone({ type: "string" }).code.replace("let vErrors = null;", 'const x = require("left-pad");\nlet vErrors = null;');
    expect(() => validatorModule([{ exportName: "validateX", doc, standalone }])).toThrow(/require\("left-pad"\).*cannot turn into an import/);
  });

  it("refuses code it does not recognize as ajv's standalone output", () => {
    expect(() => validatorModule([{ exportName: "validateX", doc, standalone: "module.exports = validate10;" }])).toThrow(/unexpected ajv standalone code/);
  });

  it("removes the sourceURL comments even when the $id in them holds */", () => {
    const { code } = compileStandalone({ $id: "https://example.com/x*/;throw 1;/*\"\\", type: "object" });
    expect(code).toContain("/*# sourceURL=");
    const module = validatorModule([{ exportName: "validateX", doc, standalone: code }]);
    expect(module).not.toContain("sourceURL");
    expect(module).not.toMatch(/^;$/m);
  });
});
