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

  it("tags the constraints a type cannot say, bounds first, then the default (as JSON) and the examples", () => {
    expect(
      schemaDoc({
        description: "A code.",
        default: "ab",
        pattern: "^[a-z]+$",
        type: "string",
        minLength: 2,
        format: "hostname",
      }),
    ).toBe('A code.\n\n@minLength 2\n@pattern ^[a-z]+$\n@format hostname\n@default "ab"');
    expect(schemaDoc({ type: "integer", maximum: 9, minimum: 1, examples: [3, 5] })).toBe(
      "@minimum 1\n@maximum 9\n@examples [3,5]",
    );
    expect(schemaDoc({ type: "string", enum: ["a"] })).toBe("");
  });

  it("is empty for boolean schemas and non-string annotations", () => {
    expect(schemaDoc(true)).toBe("");
    expect(schemaDoc({ title: 1, description: null })).toBe("");
  });
});
