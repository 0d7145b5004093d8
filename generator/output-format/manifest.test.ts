import { describe, expect, it } from "vitest";
import { type Manifest, manifestText, parseManifest } from "./manifest.js";

const manifest: Manifest = {
  generator: "gen-client-tools 0.1.0",
  generatorCode: "c0de",
  inputs: "1n",
  schemaFiles: [],
  tools: ["a"],
  outputs: "0u7",
};

describe("parseManifest", () => {
  it("reads what manifestText writes, and the text of another manifest as that one, whatever came before", () => {
    const other = { ...manifest, tools: ["a", "b"], outputs: "0u8" };
    expect(parseManifest(manifestText(manifest))).toEqual(manifest);
    expect(parseManifest(manifestText(other))).toEqual(other);
    expect(parseManifest(manifestText(manifest))).toEqual(manifest);
  });

  it("refuses text that is not a manifest, also right after reading one", () => {
    expect(parseManifest(manifestText(manifest))).toBeDefined();
    expect(parseManifest(JSON.stringify({ ...manifest, extra: 1 }))).toBeUndefined();
    expect(parseManifest("{")).toBeUndefined();
    expect(parseManifest(JSON.stringify({ ...manifest, outputs: 1 }))).toBeUndefined();
  });
});
