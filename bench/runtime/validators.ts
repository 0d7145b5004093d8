import { pathToFileURL } from "node:url";
import type { ClientToolValidators } from "../../runtime/calls/validators.js";
import { sampleValue } from "../corpus/sample-value.js";
import { row, type Row } from "../results.js";
import { mapSummary, summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

/** Passes over every tool per sample, after the warm-up ones (a thousand distinct validators take a while to be optimized). */
const PASSES = 20;
const WARM_UP_PASSES = 10;
const HOT_CALLS = 100_000;

/**
 * The generated standalone validators (`--validators` output) checking typical arguments:
 * each tool's own validator on a sample of its arguments, cycling over every tool, as a
 * client runner checking the requests it receives would.
 */
export async function validatorThroughput(input: RuntimeInput): Promise<Row[]> {
  if (input.validatorsModule === undefined) throw new Error("the validators benchmark needs the generated validators, compiled");
  const { clientToolValidators } = (await import(pathToFileURL(input.validatorsModule).href)) as { clientToolValidators: ClientToolValidators };
  const cases = input.specs.map((spec) => {
    const validate = clientToolValidators[spec.name]?.args;
    if (validate === undefined) throw new Error(`no generated argument validator for ${spec.name}`);
    const args = sampleValue(spec.parameters);
    // Typical arguments are valid ones: a failure here is a bug in the corpus or the validators.
    if (!validate(args)) throw new Error(`the validator of ${spec.name} refuses typical arguments: ${JSON.stringify(validate.errors)}`);
    return { validate, args };
  });
  const pass = (): number => {
    const started = performance.now();
    for (let p = 0; p < PASSES; p++) for (const { validate, args } of cases) validate(args);
    return performance.now() - started;
  };
  for (let w = 0; w < WARM_UP_PASSES; w++) pass();
  const samples = Array.from({ length: input.samples }, pass);
  const validations = PASSES * cases.length;
  // For comparison: one validator, called over and over (the best case, which the JIT loves).
  const median = [...cases].sort((a, b) => JSON.stringify(a.args).length - JSON.stringify(b.args).length)[cases.length >> 1]!;
  const hot = (): number => {
    const started = performance.now();
    for (let i = 0; i < HOT_CALLS; i++) median.validate(median.args);
    return HOT_CALLS / ((performance.now() - started) / 1000);
  };
  hot();
  return [
    row({
      id: "runtime.validators",
      what: `generated validators, typical arguments (each of ${cases.length.toLocaleString("en-US")} tools' own validator)`,
      measured: { ...mapSummary(summarize(samples), (ms) => validations / (ms / 1000)), unit: "validations/s" },
      targets: [{ op: ">=", value: 1_000_000, unit: "validations/s", of: "measured" }],
      details: {
        "typical arguments, median size (bytes)": JSON.stringify(median.args).length,
        "one tool's validator in a hot loop, those arguments (validations/s)": summarize(Array.from({ length: input.samples }, hot)).median,
      },
    }),
  ];
}
