import { beforeEach, describe, expect, it, vi } from "vitest";
import { schemaFingerprint, toolFingerprints } from "../fingerprint/fingerprint.js";
import { deepFreeze, generatedSpecs, schemaCount } from "./__fixtures__/generated-specs.js";
import { admitClientToolSpecs } from "./admit.js";
import { ClientToolRegistry } from "./registry.js";

// Counts the hashes the registry computes, by wrapping the fingerprint module it imports.
vi.mock("../fingerprint/fingerprint.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../fingerprint/fingerprint.js")>();
  return { ...original, schemaFingerprint: vi.fn(original.schemaFingerprint) };
});
const hashes = vi.mocked(schemaFingerprint);

/** Admits the input and verifies every spec in it, as first use would. */
function verifyAll(input: unknown) {
  return admitClientToolSpecs(input).map((entry) => ({ pointer: entry.pointer, ...entry.spec.verified() }));
}

beforeEach(() => {
  hashes.mockClear();
});

describe("admitting and verifying specs", () => {
  it("hashes each schema of a deep-frozen spec once, and then never again", () => {
    const specs = generatedSpecs(3, "once");
    verifyAll(specs);
    expect(hashes).toHaveBeenCalledTimes(schemaCount(3));
    verifyAll(specs);
    verifyAll({ client_tools: specs });
    verifyAll(specs[1]);
    expect(hashes).toHaveBeenCalledTimes(schemaCount(3));
  });

  it("hashes again input that could have changed since: JSON from a client is not frozen", () => {
    // Two specs with three schemas: tool_0 is awaited.
    const specs = JSON.parse(JSON.stringify(generatedSpecs(2, "json"))) as unknown;
    admitClientToolSpecs(specs);
    admitClientToolSpecs(specs);
    expect(hashes).toHaveBeenCalledTimes(6);
  });

  it("does not remember a frozen spec whose schemas the parser had to copy", () => {
    const shallow = Object.freeze({
      name: "shallow",
      description: "d",
      parameters: { type: "object", properties: {} },
    });
    admitClientToolSpecs([shallow]);
    admitClientToolSpecs([shallow]);
    expect(hashes).toHaveBeenCalledTimes(2);
  });

  it("reports where each spec was in the input", () => {
    const specs = generatedSpecs(2, "where");
    expect(admitClientToolSpecs({ client_tools: specs }).map((e) => e.pointer)).toEqual([
      "/client_tools/0",
      "/client_tools/1",
    ]);
    expect(admitClientToolSpecs(specs).map((e) => e.pointer)).toEqual(["/0", "/1"]);
    expect(admitClientToolSpecs(specs[0]).map((e) => e.pointer)).toEqual([""]);
    const json = JSON.parse(JSON.stringify(specs)) as unknown;
    expect(admitClientToolSpecs({ client_tools: json }).map((e) => e.pointer)).toEqual([
      "/client_tools/0",
      "/client_tools/1",
    ]);
  });

  it("never uses a spec's fingerprint unchecked: a fresh fingerprint-less spec gets computed ones", () => {
    const [entry] = verifyAll({ name: "plain", description: "d" });
    expect(entry!.fingerprints).toEqual(toolFingerprints({ parameters: { type: "object", properties: {} } }));
    expect(entry!.spec.fingerprints).toEqual(entry!.fingerprints);
  });

  it("keeps a deep-frozen spec as it is once verified", () => {
    const [spec] = generatedSpecs(1, "as-is");
    const [entry] = verifyAll([spec]);
    expect(entry!.spec.parameters).toBe(spec!.parameters);
    expect(entry!.spec.outputSchema).toBe(spec!.outputSchema);
  });

  it("defers only what cannot change: frozen spec, schema roots and fingerprints", () => {
    const [spec] = generatedSpecs(1, "which");
    const { fingerprints, ...rest } = spec!;
    const deferred = (input: unknown) => !admitClientToolSpecs(input)[0]!.spec.isVerified;
    expect(deferred(spec)).toBe(true);
    expect(deferred(deepFreeze({ ...rest }))).toBe(false); // no fingerprints: nothing to check against
    expect(deferred({ ...spec })).toBe(false); // the spec object itself may change
    expect(deferred(Object.freeze({ ...spec, parameters: { ...spec!.parameters } }))).toBe(false);
    expect(deferred(Object.freeze({ ...spec, fingerprints: { ...fingerprints } }))).toBe(false);
    expect(deferred(Object.freeze({ ...spec, outputSchema: { ...spec!.outputSchema } }))).toBe(false);
  });
});

describe("registering generated specs", () => {
  // How long this takes is measured in bench/, not here: this pins the reason it is fast.
  it("registers 1,000 pre-fingerprinted specs without hashing, the first time and in fresh registries after", () => {
    const specs = generatedSpecs(1000, "speed");
    for (let run = 0; run < 3; run++) {
      const registry = new ClientToolRegistry();
      registry.register(specs);
      expect(registry.list()).toHaveLength(1000);
    }
    expect(hashes).not.toHaveBeenCalled();
  });
});
