import { describe, expect, it } from "vitest";
import { schemaDoc } from "./docs.js";

describe("schemaDoc", () => {
  it("joins title and description with a blank line", () => {
    expect(schemaDoc({ title: "Title", description: "Text." })).toBe("Title\n\nText.");
  });

  it("writes equal title and description once, and skips blank ones", () => {
    expect(schemaDoc({ title: "Same", description: "Same" })).toBe("Same");
    expect(schemaDoc({ title: " ", description: "Only." })).toBe("Only.");
  });

  it("adds @deprecated", () => {
    expect(schemaDoc({ description: "Old.", deprecated: true })).toBe("Old.\n\n@deprecated");
  });

  it("is empty for boolean schemas and non-string annotations", () => {
    expect(schemaDoc(true)).toBe("");
    expect(schemaDoc({ title: 1, description: null })).toBe("");
  });
});
