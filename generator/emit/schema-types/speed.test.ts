import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../runtime/spec/types.js";
import { emitSchemaTypes } from "./index.js";

/** A tool schema of about 5 KB, with definitions, a recursive reference, tuples, unions and long descriptions. */
function toolSchema(i: number): JsonObject {
  const text = (what: string) => `${what} of tool ${i}. `.repeat(6);
  const properties: Record<string, JsonObject> = {};
  for (let p = 0; p < 20; p++) {
    properties[`field_${p}`] = {
      description: text(`Field ${p}`),
      ...[
        { type: "string", enum: ["alpha", "beta", "gamma", "delta"] },
        { type: ["integer", "null"], minimum: 0 },
        { type: "array", items: { $ref: "#/$defs/item" } },
        { oneOf: [{ type: "string" }, { $ref: "#/$defs/node" }] },
      ][p % 4],
    };
  }
  return {
    type: "object",
    description: text("Root"),
    properties,
    required: ["field_0", "field_1"],
    additionalProperties: false,
    $defs: {
      item: { type: "object", description: text("Item"), properties: { id: { type: "string" }, pos: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }] } }, required: ["id"] },
      node: { type: "object", properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } } },
    },
  };
}

describe("speed", () => {
  it("emits 1,000 tools of ~5 KB well within 100 ms", () => {
    const schemas = Array.from({ length: 1000 }, (_, i) => toolSchema(i));
    const bytes = schemas.reduce((n, s) => n + JSON.stringify(s).length, 0);
    expect(bytes / schemas.length).toBeGreaterThan(4000);
    const emitAll = () => schemas.map((s, i) => emitSchemaTypes(s, { rootName: `Tool${i}Args`, defPrefix: `Tool${i}Args` }));
    emitAll(); // warm up the JIT, as a long-lived generator process would be
    const start = performance.now();
    emitAll();
    const elapsed = performance.now() - start;
    // Generous for loaded CI machines; on an idle one this takes a few tens of milliseconds.
    expect(elapsed).toBeLessThan(100);
  });
});
