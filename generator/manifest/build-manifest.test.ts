import { describe, expect, it } from "vitest";
import { parseManifest } from "../output-format/manifest.js";
import { buildManifestFile } from "./build-manifest.js";
import { digestInputs } from "./inputs.js";

const inputs = digestInputs({
  outDir: "/p/gen",
  options: { validators: false },
  specFiles: new Map([["/p/tools/a.json", "{}"]]),
  schemaFiles: new Map([["/p/tools/shared/x.json", "{}"]]),
});
const outputs = [{ path: "/p/gen/types.ts", contents: "export {};\n" }];

describe("buildManifestFile", () => {
  it("names the generator, the options, the tools and their versions, the schema files (relative to the output) and the digests", () => {
    const versions = {
      a: [`f~${"1".repeat(12)}`],
      b: [`a~${"2".repeat(12)}~${"3".repeat(12)}`, `a~${"4".repeat(12)}~${"3".repeat(12)}`],
    };
    const file = buildManifestFile(inputs, ["a", "b"], versions, outputs);
    expect(file.path).toBe("/p/gen/gen-client-tools.manifest.json");
    expect(parseManifest(file.contents)).toEqual({
      generator: expect.stringMatching(/^gen-client-tools \d/),
      generatorCode: expect.stringMatching(/^[0-9a-f]{64}$/),
      options: inputs.options,
      inputs: expect.stringMatching(/^[0-9a-f]{64}$/),
      schemaFiles: ["../tools/shared/x.json"],
      tools: ["a", "b"],
      versions,
      outputs: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("takes a manifest of another generator for the same generation as this one, and not one of other outputs", () => {
    const file = buildManifestFile(inputs, ["a"], {}, outputs);
    const other = {
      ...parseManifest(file.contents)!,
      generator: "gen-client-tools 9.9.9",
      generatorCode: "0".repeat(64),
    };
    expect(file.sameAs(JSON.stringify(other))).toBe(true);
    const changed = buildManifestFile(inputs, ["a"], {}, [{ ...outputs[0]!, contents: "export type A = 1;\n" }]);
    expect(changed.sameAs(file.contents)).toBe(false);
  });
});
