import { describe, expect, it } from "vitest";
import { compileStandalone } from "./compile.js";

describe("compileStandalone", () => {
  it("compiles a draft-07 schema as draft-07 (items as a tuple) and others as 2020-12 (prefixItems)", () => {
    const legacy = compileStandalone({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "array",
      items: [{ type: "string" }],
      additionalItems: false,
    });
    const modern = compileStandalone({ type: "array", prefixItems: [{ type: "string" }], items: false });
    expect(legacy.code).toContain('keyword:"additionalItems"');
    expect(modern.code).toContain('keyword:"items"');
    expect(modern.code).not.toContain("additionalItems");
  });

  it("gives the same code for a schema whatever was compiled before it", () => {
    const schema = { type: "object", properties: { a: { enum: [{ x: 1 }] } } } as const;
    const first = compileStandalone(schema);
    compileStandalone({ type: "object", properties: { b: { const: [1] }, c: { format: "uri" } } });
    expect(compileStandalone(schema)).toEqual(first);
  });

  it("reports an unknown format once, as a warning: the validator does not check it", () => {
    expect(compileStandalone({ type: "string", format: "color" }).warnings).toEqual([
      'unknown format "color" ignored in schema at path "#"',
    ]);
  });

  it("refuses $async, whose validator would return a promise that callers take for valid", () => {
    expect(() => compileStandalone({ $async: true, type: "object" })).toThrow(
      /^"\$async": true makes a validator that returns a promise/,
    );
  });
});
