import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AwaitedSpec, createResultChecker } from "../../runtime/server/validation/result-validation.js";
import { parseClientToolSpecs } from "../../runtime/tool-spec/parse.js";
import type { JsonObject } from "../../runtime/util/json.js";
import { sampleValue } from "./sample-value.js";
import { MAX_PARAMETERS_BYTES, MIN_PARAMETERS_BYTES } from "./tool-spec.js";
import { writeCorpus } from "./write-corpus.js";

const folder = mkdtempSync(path.join(os.tmpdir(), "gct-corpus-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the benchmark corpus", () => {
  const corpus = writeCorpus(path.join(folder, "a"), 60);

  it("writes one valid spec file per tool, the same for the same seed", () => {
    const files = readdirSync(corpus.folder);
    expect(files).toHaveLength(60);
    expect(parseClientToolSpecs(corpus.specs)).toHaveLength(60);
    const again = writeCorpus(path.join(folder, "b"), 60);
    expect(readFileSync(path.join(again.folder, files[17]!), "utf8")).toBe(
      readFileSync(path.join(corpus.folder, files[17]!), "utf8"),
    );
  });

  it("holds parameters schemas of 0.5 to about 10 KB with every feature the issue lists", () => {
    const parameters = corpus.specs.map((spec) => (spec["parameters"] ?? spec["inputSchema"]) as JsonObject);
    for (const schema of parameters) {
      const bytes = JSON.stringify(schema).length;
      expect(bytes).toBeGreaterThanOrEqual(MIN_PARAMETERS_BYTES * 0.9);
      // The last property and the `required` list may go a little over the drawn size.
      expect(bytes).toBeLessThan(MAX_PARAMETERS_BYTES * 1.1);
    }
    const text = JSON.stringify(parameters);
    for (const feature of [
      '"format":',
      '"enum":',
      '"oneOf":',
      '"$ref":"#/$defs/',
      '"$ref":"#/definitions/',
      '"description":',
      '"items":{"type":"object"',
      '"additionalProperties":false',
    ]) {
      expect(text, feature).toContain(feature);
    }
    expect(corpus.specs.some((spec) => spec["outputSchema"] !== undefined)).toBe(true);
  });

  it("gives sample values that the runtime's validators accept", async () => {
    const check = createResultChecker(undefined);
    for (const spec of parseClientToolSpecs(corpus.specs)) {
      for (const schema of [spec.parameters, spec.outputSchema]) {
        if (schema === undefined) continue;
        const problems = await check({ ...spec, outputSchema: schema } as AwaitedSpec, undefined, sampleValue(schema));
        expect(problems, `${spec.name}: ${JSON.stringify(problems)}`).toBeUndefined();
      }
    }
  });
});
