import { nonLinearPatterns } from "../schema/linear-patterns.js";
import { refBudgetProblems } from "../schema/ref-budget.js";
import { referenceProblems } from "../schema/reference-rules.js";
import { DEFAULT_SPEC_LIMITS, type SpecLimits, schemaLimitProblems } from "../schema/spec-limits.js";
import { ClientToolSpecError } from "../tool-spec/errors.js";
import { parametersKeyOf } from "../tool-spec/parameters-key.js";
import { checkClientToolSpecs } from "../tool-spec/parse.js";
import type { JsonObject, SpecProblem } from "../util/json.js";
import type { AdmittedSpec } from "./admitted-spec.js";
import { type DeferrableSpec, deferrable, deferSpec, knownDeferredSpec, standIn } from "./deferred.js";
import { ClientToolInvalidSpecError } from "./errors.js";
import { quickCheck } from "./quick-check.js";
import { type SpecList, specList } from "./spec-list.js";
import { knownVerifiedSpec, type VerifiedSpec, verifyParsed } from "./verify.js";

/** An admitted spec and where it was in the registration input. */
export interface AdmittedEntry {
  readonly pointer: string;
  readonly spec: AdmittedSpec;
}

/**
 * Checks a registration input: one spec, an array of specs, or a manifest `{ client_tools }`.
 * A spec object registered before costs a lookup. A frozen spec carrying fingerprints (generated
 * specs.ts, see `deferrable`) gets every check that does not walk its schemas, and the rest when
 * first used. Anything else is parsed, and its fingerprints computed or checked, now. Throws
 * `ClientToolInvalidSpecError` listing every problem, or `ClientToolFingerprintMismatchError`.
 */
export function admitClientToolSpecs(
  input: unknown,
  checkSchema?: SchemaCheck,
  limits: SpecLimits = DEFAULT_SPEC_LIMITS,
): AdmittedEntry[] {
  const list = specList(input);
  return quickEntries(list) ?? parsedEntries(list, checkSchema, limits);
}

/** A further check of a client's schema, at its pointer (see `ClientToolRegistryOptions.checkSchema`). */
export type SchemaCheck = (schema: JsonObject, pointer: string) => readonly SpecProblem[];

/**
 * The path of generated specs: every spec known already, or deferrable with nothing wrong outside
 * its schemas. Undefined as soon as one is neither. One loop, few calls: this runs cold.
 */
function quickEntries(list: SpecList): AdmittedEntry[] | undefined {
  const entries: AdmittedEntry[] = [];
  for (let i = 0; i < list.items.length; i++) {
    const item = list.items[i];
    const pointer = list.pointer(i);
    const known = knownSpec(item);
    if (known !== undefined) entries.push({ pointer, spec: known });
    else if (deferrable(item) && quickCheck(item)) entries.push({ pointer, spec: deferSpec(item, pointer) });
    else return undefined;
  }
  return entries;
}

/**
 * One parser run over the whole input, so that every problem is reported at once; deferrable
 * specs are cut down to what registration checks of them, the others parsed and verified in full.
 */
function parsedEntries(list: SpecList, checkSchema: SchemaCheck | undefined, limits: SpecLimits): AdmittedEntry[] {
  const checked = list.items.map((item) => (deferrable(item) ? standIn(item) : item));
  const { valid, problems } = checkClientToolSpecs(list.rebuild(checked));
  if (problems.length > 0) throw new ClientToolInvalidSpecError(new ClientToolSpecError(problems));
  // Without problems, item i is valid entry i. Specs that may be a client's (not deferrable, not
  // seen before) must be self-contained, with references that resolve (reference-rules.ts), and
  // cost a validator work linear in the value: patterns that match in linear time
  // (linear-patterns.ts), references that neither fan out past a budget nor recurse two ways at
  // once (ref-budget.ts).
  const patterns = {
    left: limits.maxPatternCost,
    limit: limits.maxPatternCost,
    checked: new Map<string, string | undefined>(),
  };
  const slow = valid.flatMap(({ spec, pointer }, i) => {
    const item = list.items[i] as Readonly<Record<string, unknown>>;
    if (checked[i] !== item || knownSpec(item) !== undefined) return [];
    const bytes = JSON.stringify(spec).length;
    if (bytes > limits.maxSpecBytes) {
      return [
        {
          pointer,
          message:
            `the spec is ${bytes} characters of JSON, over the limit of ${limits.maxSpecBytes} ` +
            `for specs sent at run time (the registry's limits.maxSpecBytes)`,
        },
      ];
    }
    const parametersKey = parametersKeyOf(item);
    const schemas: [JsonObject, string][] = [
      [spec.parameters, `${pointer}/${parametersKey}`],
      ...(spec.outputSchema ? [[spec.outputSchema, `${pointer}/outputSchema`] as [JsonObject, string]] : []),
      ...(spec.privateInput
        ? [[spec.privateInput.schema, `${pointer}/privateInput/schema`] as [JsonObject, string]]
        : []),
    ];
    return schemas.flatMap(([schema, at]) => {
      const oversized = schemaLimitProblems(schema, at, limits);
      if (oversized.length > 0) return oversized;
      const invalid = checkSchema?.(schema, at) ?? [];
      if (invalid.length > 0) return invalid;
      // References that lead nowhere are refused first: the budget follows only those that resolve.
      const references = referenceProblems(schema, at);
      return references.length > 0
        ? references
        : [...nonLinearPatterns(schema, at, patterns), ...refBudgetProblems(schema, at, limits.maxUnfoldedNodes)];
    });
  });
  if (slow.length > 0) throw new ClientToolInvalidSpecError(new ClientToolSpecError(slow));
  return valid.map(({ spec, pointer }, i): AdmittedEntry => {
    const item = list.items[i];
    const known = knownSpec(item);
    if (known !== undefined) return { pointer, spec: known };
    if (checked[i] !== item) return { pointer, spec: deferSpec(item as DeferrableSpec, pointer) };
    const verified = verifyParsed(item, spec, pointer);
    return { pointer, spec: verifiedSpec(verified, verified.spec) };
  });
}

function knownSpec(item: unknown): AdmittedSpec | undefined {
  const verified = knownVerifiedSpec(item);
  return verified !== undefined ? verifiedSpec(verified, item as object) : knownDeferredSpec(item);
}

function verifiedSpec(verified: VerifiedSpec, key: object): AdmittedSpec {
  return { name: verified.spec.name, key, isVerified: true, verified: () => verified };
}
