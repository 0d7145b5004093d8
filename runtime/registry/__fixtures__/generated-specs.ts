import { toolFingerprints } from "../../fingerprint/fingerprint.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/**
 * What generated specs.ts holds: deep-frozen specs with precomputed fingerprints. Every third
 * tool (tool_0, tool_3, …) is awaited, so it has two schemas; the others have one.
 */
export function generatedSpecs(count: number, tag: string): readonly ClientToolSpec[] {
  return deepFreeze(
    Array.from({ length: count }, (_, i) => {
      const spec = {
        name: `tool_${i}`,
        description: `Tool ${i} (${tag}).`,
        parameters: {
          type: "object",
          properties: { path: { type: "string", description: "A file path." }, mode: { type: "string", enum: ["a", "b", tag] } },
          required: ["path"],
          additionalProperties: false,
        },
        ...(i % 3 === 0 ? { outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } } : {}),
      } as const;
      return { ...spec, fingerprints: toolFingerprints(spec) };
    }),
  );
}

/** How many schemas (so hashes) the first `count` generated specs hold. */
export function schemaCount(count: number): number {
  return count + Math.ceil(count / 3);
}

/** A generated spec rebuilt with other schemas (or metadata) but its old fingerprints: stale, as a hand edit of specs.ts leaves it. */
export function withStaleFingerprints(spec: ClientToolSpec, changes: Partial<ClientToolSpec>): ClientToolSpec {
  return deepFreeze({ ...spec, ...changes });
}
