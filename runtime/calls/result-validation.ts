import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { schemaFingerprint } from "../fingerprint/index.js";
import type { ClientToolSpec, JsonObject } from "../spec/types.js";
import { validate, validatorsFor, type ClientToolValidators, type CompiledValidator, type ValidationProblem } from "./validators.js";
import { VALIDATION_OPTIONS } from "../schema/ajv-options.js";
import { withResolvableRoot } from "../schema/resolvable-root.js";
import { linearRegExp } from "../schema/linear-patterns.js";
import { isServerAuthored } from "../registry/server-authored.js";
import { schemaDialect, type SchemaDialect } from "../spec/dialect.js";

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
  const compilers = new Map<string, Ajv | Ajv2020>();

  /** An ajv per dialect and pattern engine: ECMA-262 for the server's own schemas, linear time (RE2) for any other. */
  function compilerFor(dialect: SchemaDialect, linear: boolean): Ajv | Ajv2020 {
    const name = `${dialect} ${linear ? "linear" : "ecma"}`;
    let ajv = compilers.get(name);
    if (ajv === undefined) {
      const options = { ...AJV_OPTIONS, ...(linear && { code: { regExp: linearRegExp } }) };
      compilers.set(name, (ajv = withFormats(dialect === "draft-07" ? new Ajv(options) : new Ajv2020(options))));
    }
    return ajv;
  }

  return (spec, fingerprint, result) => {
    let fn = validatorsFor(precompiled, spec.name)?.result;
    if (fn === undefined) {
      const linear = !isServerAuthored(spec.outputSchema);
      // A hand-written ClientToolLookup may not carry fingerprints; the registry always does.
      const key = `${linear ? "linear" : "ecma"} ${fingerprint ?? schemaFingerprint(spec.outputSchema)}`;
      fn = compiled.get(key);
      if (fn === undefined) {
        // The registration checked the dialect; one ajv compiles many schemas, each under an id of its own.
        const ajv = compilerFor(schemaDialect(spec.outputSchema) ?? "2020-12", linear);
        compiled.set(key, (fn = ajv.compile(withResolvableRoot(spec.outputSchema, key.replace(" ", "-")))));
      }
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
