import { pathToFileURL } from "node:url";
import type { ClientToolValidators } from "../../runtime/wire/validation.js";
import { sampleValue } from "../corpus/sample-value.js";
import { type Row, row } from "../results.js";
import { mapSummary, summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

/**
 * Passes over every tool per sample, after the warm-up ones (a thousand distinct validators take a while to be
 * optimized).
 */
const PASSES = 20;
const WARM_UP_PASSES = 10;
/**
 * Per tool, measured warm: calls to warm its validator up, then calls timed. V8 optimizes a
 * function fully only after some thousands of calls: on this corpus the median over tools was
 * 0.47 M/s after 500 warm-up calls, 0.92 M/s after 3,000 and 1.44 M/s after 5,000 (steady beyond).
 */
const TOOL_WARM_UP_CALLS = 5_000;
const TOOL_TIMED_CALLS = 20_000;

/**
 * The generated standalone validators (`--validators` output) checking typical arguments: each
 * tool's own validator measured warm, alone (the median over tools is the figure with a target);
 * the same cycling over every tool, as a client runner checking the requests it receives would;
 * and the first call of a validator, loading its module included.
 */
export async function validatorThroughput(input: RuntimeInput): Promise<Row[]> {
  if (input.validatorsModule === undefined)
    throw new Error("the validators benchmark needs the generated validators, compiled");
  const { clientToolValidators } = (await import(pathToFileURL(input.validatorsModule).href)) as {
    clientToolValidators: ClientToolValidators;
  };
  const cases = input.specs.map((spec) => {
    const validate = clientToolValidators[spec.name]?.args;
    if (validate === undefined) throw new Error(`no generated argument validator for ${spec.name}`);
    const args = sampleValue(spec.parameters);
    // Typical arguments are valid ones: a failure here is a bug in the corpus or the validators.
    if (!validate(args))
      throw new Error(`the validator of ${spec.name} refuses typical arguments: ${JSON.stringify(validate.errors)}`);
    return { name: spec.name, validate, args };
  });
  const perTool = cases.map(({ validate, args }) => {
    for (let i = 0; i < TOOL_WARM_UP_CALLS; i++) validate(args);
    const started = performance.now();
    for (let i = 0; i < TOOL_TIMED_CALLS; i++) validate(args);
    return TOOL_TIMED_CALLS / ((performance.now() - started) / 1000);
  });
  const pass = (): number => {
    const started = performance.now();
    for (let p = 0; p < PASSES; p++) for (const { validate, args } of cases) validate(args);
    return performance.now() - started;
  };
  for (let w = 0; w < WARM_UP_PASSES; w++) pass();
  const samples = Array.from({ length: input.samples }, pass);
  const validations = PASSES * cases.length;
  const count = cases.length.toLocaleString("en-US");
  const rows = [
    row({
      id: "runtime.validators",
      what: `generated validators, typical arguments, each tool's validator measured warm (median over ${count} tools)`,
      measured: { ...summarize(perTool), unit: "validations/s" },
      targets: [{ op: ">=", value: 1_000_000, unit: "validations/s", of: "measured" }],
      details: {
        "typical arguments, median size (bytes)": summarize(cases.map(({ args }) => JSON.stringify(args).length))
          .median,
      },
    }),
    row({
      id: "runtime.validators.cycling",
      what: `generated validators, typical arguments, cycling over all ${count} tools' validators`,
      measured: { ...mapSummary(summarize(samples), (ms) => validations / (ms / 1000)), unit: "validations/s" },
    }),
  ];
  if (input.toolValidatorModules !== undefined) rows.push(await firstCallRow(input.toolValidatorModules, cases));
  return rows;
}

/**
 * Each sampled tool's validator module imported (a module of its own, as an app that loads them lazily has) and called
 * once.
 */
async function firstCallRow(
  modules: readonly { readonly name: string; readonly file: string }[],
  cases: readonly { readonly name: string; readonly args: unknown }[],
): Promise<Row> {
  const argsOf = new Map(cases.map((c) => [c.name, c.args]));
  const latencies: number[] = [];
  for (const { name, file } of modules) {
    const started = performance.now();
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const validate = Object.entries(module).find(([exported]) => exported.endsWith("Args"))?.[1] as
      | ((data: unknown) => boolean)
      | undefined;
    if (validate === undefined || !validate(argsOf.get(name)))
      throw new Error(`the validator module of ${name} does not take its typical arguments`);
    latencies.push(performance.now() - started);
  }
  return row({
    id: "runtime.validators.first-call",
    what: `a generated validator's first call, its module's load included (${modules.length} tools, each its own module)`,
    measured: { ...summarize(latencies), unit: "ms" },
  });
}
