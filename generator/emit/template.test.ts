import { describe, expect, it } from "vitest";
import { fillTemplate, templateDoc } from "./template.js";

describe("templates", () => {
  it("give the doc comment written above a declaration, its line break included", () => {
    expect(templateDoc("types", "ClientToolName")).toBe("/** Every client tool's name, as written in its spec. */\n");
    expect(templateDoc("handlers", "ClientToolHandlers")).toMatch(
      /^\/\*\*\n \* One handler per client tool[\s\S]*\*\/\n$/,
    );
    expect(() => templateDoc("types", "NoSuchType")).toThrow(/documents no declaration NoSuchType/);
  });

  it("fill every region, indented ones too, and refuse a region that is not there", () => {
    const template = "a\n// @gen:begin x\nold\n// @gen:end x\n  // @gen:begin y\n  old\n  // @gen:end y\nb\n";
    expect(fillTemplate(template, { x: "X\n", y: "  Y\n" })).toBe("a\nX\n  Y\nb\n");
    expect(() => fillTemplate(template, { x: "", y: "", z: "" })).toThrow(/no region z/);
  });
});
