import { describe, expect, it } from "vitest";
import type { JsonValue } from "../util/json.js";
import { checkClientToolSpecs, checkParsedClientToolSpecs } from "./parse.js";
import { MAX_SCHEMA_DEPTH } from "./schema-depth.js";

// checkParsedClientToolSpecs: the spec rules on the generator's own parse of a spec file.
const base = { name: "open_file_viewer", description: "Open a file viewer panel." };

describe("checkParsedClientToolSpecs", () => {
  it("takes the generator's own deep-frozen parse as it is, and its depth for the depth rule", () => {
    const parameters = Object.freeze({
      type: "object",
      properties: Object.freeze({ x: Object.freeze({ type: "number" }) }),
    });
    const [checked] = checkParsedClientToolSpecs({ ...base, parameters }, { deepest: 3 }).valid;
    expect(checked?.spec.parameters).toBe(parameters);
    // The depth rule goes by the caller's depth: within the limit it trusts it; past it, it walks the schema and names
    // where.
    let nested: object = { type: "string" };
    for (let i = 0; i <= MAX_SCHEMA_DEPTH; i++)
      nested = Object.freeze({ type: "object", properties: Object.freeze({ a: nested }) });
    const deep = { ...base, parameters: nested };
    expect(
      checkParsedClientToolSpecs(deep as JsonValue, { deepest: 2 * MAX_SCHEMA_DEPTH + 2 }).problems[0]?.message,
    ).toContain("levels deep");
    expect(checkClientToolSpecs(deep).problems[0]?.message).toContain("levels deep");
  });

  it("walks no schema's shape of a text that passed every rule before, and still checks the spec's fields", () => {
    const cycle = Object.freeze({ type: "object", allOf: Object.freeze([Object.freeze({ $ref: "#" })]) });
    const spec = { ...base, parameters: cycle } as JsonValue;
    expect(checkParsedClientToolSpecs(spec, { deepest: 3 }).problems[0]?.message).toContain("$ref cycle");
    expect(checkParsedClientToolSpecs(spec, { deepest: 3, shapesChecked: true }).problems).toEqual([]);
    expect(
      checkParsedClientToolSpecs({ ...base, name: "1st" } as JsonValue, { deepest: 1, shapesChecked: true }).problems,
    ).toHaveLength(1);
  });
});
