import { describe, expect, it } from "vitest";
import type { JsonObject } from "../util/json.js";
import { schemaFingerprint, toolFingerprints } from "./fingerprint.js";

const parameters: JsonObject = {
  type: "object",
  properties: { file_path: { type: "string" }, line: { type: "integer", minimum: 1 } },
  required: ["file_path"],
};

describe("schemaFingerprint", () => {
  it("is the sha256 of the canonical JSON", () => {
    // Digests from `printf %s TEXT | sha256sum`.
    expect(schemaFingerprint({})).toBe("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    expect(schemaFingerprint({ type: "object" })).toBe(
      "a2c799262a3ce3c19ef5cdd983bf3d12b43ab3c426227091b909dcb7054738c0",
    );
  });

  it("does not change with key order", () => {
    const reordered: JsonObject = {
      required: ["file_path"],
      properties: { line: { minimum: 1, type: "integer" }, file_path: { type: "string" } },
      type: "object",
    };
    expect(schemaFingerprint(reordered)).toBe(schemaFingerprint(parameters));
  });

  it("treats 1 and 1.0 as the same number", () => {
    const one = JSON.parse('{"type":"integer","minimum":1}') as JsonObject;
    const onePointZero = JSON.parse('{"type":"integer","minimum":1.0}') as JsonObject;
    expect(schemaFingerprint(onePointZero)).toBe(schemaFingerprint(one));
  });

  it("changes with array order and with any value", () => {
    const base = schemaFingerprint({ enum: ["a", "b"] });
    expect(schemaFingerprint({ enum: ["b", "a"] })).not.toBe(base);
    expect(schemaFingerprint({ enum: ["a", "c"] })).not.toBe(base);
    expect(schemaFingerprint({ enum: ["a", "b"], description: "" })).not.toBe(base);
  });
});

describe("toolFingerprints", () => {
  it("fingerprints parameters alone for a fire-and-forget tool", () => {
    expect(toolFingerprints({ parameters })).toEqual({ parameters: schemaFingerprint(parameters) });
  });

  it("adds the output schema's fingerprint for an awaited tool", () => {
    const outputSchema: JsonObject = { type: "object", properties: { ok: { type: "boolean" } } };
    expect(toolFingerprints({ parameters, outputSchema })).toEqual({
      parameters: schemaFingerprint(parameters),
      outputSchema: schemaFingerprint(outputSchema),
    });
  });
});
