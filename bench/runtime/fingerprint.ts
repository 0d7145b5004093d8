import { schemaFingerprint } from "../../runtime/fingerprint/fingerprint.js";
import type { JsonObject } from "../../runtime/util/json.js";
import { type Row, row } from "../results.js";
import { mapSummary, summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

/** `schemaFingerprint` over every schema of the corpus, in MB (of compact JSON) per second. */
export function fingerprintThroughput(input: RuntimeInput): Row[] {
  const schemas: JsonObject[] = input.specs.flatMap((spec) =>
    spec.outputSchema === undefined ? [spec.parameters] : [spec.parameters, spec.outputSchema],
  );
  const megabytes = schemas.reduce((sum, schema) => sum + Buffer.byteLength(JSON.stringify(schema)), 0) / 2 ** 20;
  const pass = (): number => {
    const started = performance.now();
    for (const schema of schemas) schemaFingerprint(schema);
    return performance.now() - started;
  };
  const cold = pass();
  const samples = Array.from({ length: input.samples }, pass);
  return [
    row({
      id: "runtime.fingerprint",
      what: `runtime: schemaFingerprint throughput (canonical JSON + sha256), ${schemas.length.toLocaleString("en-US")} corpus schemas`,
      measured: { ...mapSummary(summarize(samples), (ms) => megabytes / (ms / 1000)), unit: "MB/s" },
      targets: [{ op: ">=", value: 50, unit: "MB/s", of: "measured" }],
      details: { "schemas (MB)": megabytes, "first pass, cold (MB/s)": megabytes / (cold / 1000) },
    }),
  ];
}
