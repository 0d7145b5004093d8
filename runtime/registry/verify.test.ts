import { beforeEach, describe, expect, it, vi } from "vitest";
import { schemaFingerprint, toolFingerprints } from "../fingerprint/index.js";
import type { ClientToolSpec } from "../spec/types.js";
import { ClientToolRegistry } from "./registry.js";
import { verifyClientToolSpecs } from "./verify.js";

// Counts the hashes the registry computes, by wrapping the fingerprint module it imports.
vi.mock("../fingerprint/index.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../fingerprint/index.js")>();
  return { ...original, schemaFingerprint: vi.fn(original.schemaFingerprint) };
});
const hashes = vi.mocked(schemaFingerprint);

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** What generated specs.ts holds: deep-frozen specs with precomputed fingerprints. */
function generatedSpecs(count: number, tag: string): readonly ClientToolSpec[] {
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

beforeEach(() => {
  hashes.mockClear();
});

describe("verifyClientToolSpecs", () => {
  it("hashes each schema of a deep-frozen spec once, and then never again", () => {
    const specs = generatedSpecs(3, "once");
    verifyClientToolSpecs(specs);
    expect(hashes).toHaveBeenCalledTimes(4);
    verifyClientToolSpecs(specs);
    verifyClientToolSpecs({ client_tools: specs });
    verifyClientToolSpecs(specs[1]);
    expect(hashes).toHaveBeenCalledTimes(4);
  });

  it("hashes again input that could have changed since: JSON from a client is not frozen", () => {
    // Two specs with three schemas: tool_0 is awaited.
    const specs = JSON.parse(JSON.stringify(generatedSpecs(2, "json"))) as unknown;
    verifyClientToolSpecs(specs);
    verifyClientToolSpecs(specs);
    expect(hashes).toHaveBeenCalledTimes(6);
  });

  it("still checks a frozen spec the first time: a stale fingerprint is refused, whatever the object", () => {
    const [spec] = generatedSpecs(1, "stale");
    const stale = deepFreeze({ ...spec!, parameters: { type: "object", properties: {} } });
    expect(() => verifyClientToolSpecs([stale])).toThrow(/fingerprint/);
    expect(() => verifyClientToolSpecs([stale])).toThrow(/fingerprint/);
  });

  it("does not remember a frozen spec whose schemas the parser had to copy", () => {
    const shallow = Object.freeze({ name: "shallow", description: "d", parameters: { type: "object", properties: {} } });
    verifyClientToolSpecs([shallow]);
    verifyClientToolSpecs([shallow]);
    expect(hashes).toHaveBeenCalledTimes(2);
  });

  it("reports where each spec was in the input", () => {
    const specs = generatedSpecs(2, "where");
    expect(verifyClientToolSpecs({ client_tools: specs }).map((e) => e.pointer)).toEqual(["/client_tools/0", "/client_tools/1"]);
    expect(verifyClientToolSpecs(specs).map((e) => e.pointer)).toEqual(["/0", "/1"]);
    expect(verifyClientToolSpecs(specs[0]).map((e) => e.pointer)).toEqual([""]);
  });

  it("never uses a spec's fingerprint unchecked: a fresh fingerprint-less spec gets computed ones", () => {
    const [entry] = verifyClientToolSpecs({ name: "plain", description: "d" });
    expect(entry!.fingerprints).toEqual(toolFingerprints({ parameters: { type: "object", properties: {} } }));
    expect(entry!.spec.fingerprints).toEqual(entry!.fingerprints);
  });
});

describe("registering generated specs", () => {
  // How long this takes is measured in bench/, not here: this pins the reason it is fast.
  it("re-registers 1,000 pre-fingerprinted specs in fresh registries without hashing again", () => {
    const specs = generatedSpecs(1000, "speed");
    new ClientToolRegistry().register(specs);
    hashes.mockClear();
    for (let run = 0; run < 3; run++) {
      const registry = new ClientToolRegistry();
      registry.register(specs);
      expect(registry.list()).toHaveLength(1000);
    }
    expect(hashes).not.toHaveBeenCalled();
  });
});
