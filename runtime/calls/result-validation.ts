import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { schemaFingerprint } from "../fingerprint/index.js";
import type { ClientToolSpec, JsonObject } from "../spec/types.js";
import { validate, validatorsFor, type ClientToolValidators, type CompiledValidator, type ValidationProblem } from "./validators.js";
import { VALIDATION_OPTIONS } from "../schema/ajv-options.js";
import { withResolvableRoot } from "../schema/resolvable-root.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule.default;

/** Checks a result against its tool's `outputSchema`; `undefined` when it matches. */
export type ResultChecker = (spec: AwaitedSpec, fingerprint: string | undefined, result: unknown) => readonly ValidationProblem[] | undefined;

export type AwaitedSpec = ClientToolSpec & { readonly outputSchema: JsonObject };

/**
 * A tool's precompiled validator (the generator's standalone output) when given; otherwise
 * its `outputSchema` compiled with ajv on first use and cached by schema fingerprint, so
 * tools sharing a schema share one compiled function.
 */
export function createResultChecker(precompiled: ClientToolValidators | undefined): ResultChecker {
  const compiled = new Map<string, CompiledValidator>();
  const compilers: { draft07?: Ajv; draft2020?: Ajv2020 } = {};

  function compile(schema: JsonObject, key: string): CompiledValidator {
    // Draft-07 only when the schema says so; 2020-12 is the default dialect of the spec format.
    const draft07 = typeof schema["$schema"] === "string" && schema["$schema"].includes("draft-07");
    const ajv = draft07 ? (compilers.draft07 ??= withFormats(new Ajv(AJV_OPTIONS))) : (compilers.draft2020 ??= withFormats(new Ajv2020(AJV_OPTIONS)));
    // One ajv compiles every schema: each gets an id of its own, so nothing collides.
    return ajv.compile(withResolvableRoot(schema, key));
  }

  return (spec, fingerprint, result) => {
    let fn = validatorsFor(precompiled, spec.name)?.result;
    if (fn === undefined) {
      // A hand-written ClientToolLookup may not carry fingerprints; the registry always does.
      const key = fingerprint ?? schemaFingerprint(spec.outputSchema);
      fn = compiled.get(key);
      if (fn === undefined) compiled.set(key, (fn = compile(spec.outputSchema, key)));
    }
    return validate(fn, result);
  };
}

const AJV_OPTIONS = {
  ...VALIDATION_OPTIONS,
  // ajv warns on the console about unknown formats, quoting the schema's text as it is: schemas
  // come from other teams and from frontends, and their text must not reach a terminal raw.
  logger: false,
} as const;

function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}
