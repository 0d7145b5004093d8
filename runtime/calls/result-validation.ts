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

/** Compiles a schema with ajv, once per schema (by fingerprint) and pattern engine. */
export type SchemaCompiler = (schema: JsonObject, fingerprint: string | undefined) => CompiledValidator;

/**
 * Compiles each schema on first use and caches it by fingerprint, so that tools sharing a
 * schema share one compiled function: with ECMA-262 patterns when the server wrote the schema,
 * with linear-time ones (RE2) otherwise (see linear-patterns.ts).
 */
export function createSchemaCompiler(): SchemaCompiler {
  const compiled = new Map<string, CompiledValidator>();
  const compilers = new Map<string, Ajv | Ajv2020>();
  const compilerFor = (dialect: SchemaDialect, linear: boolean): Ajv | Ajv2020 => {
    const name = `${dialect} ${linear ? "linear" : "ecma"}`;
    let ajv = compilers.get(name);
    if (ajv === undefined) {
      const options = { ...AJV_OPTIONS, ...(linear && { code: { regExp: linearRegExp } }) };
      compilers.set(name, (ajv = withFormats(dialect === "draft-07" ? new Ajv(options) : new Ajv2020(options))));
    }
    return ajv;
  };
  return (schema, fingerprint) => {
    const linear = !isServerAuthored(schema);
    // A hand-written ClientToolLookup may not carry fingerprints; the registry always does.
    const key = `${linear ? "linear" : "ecma"}-${fingerprint ?? schemaFingerprint(schema)}`;
    let fn = compiled.get(key);
    if (fn === undefined) {
      // The registration checked the dialect; one ajv compiles many schemas, each under an id of its own.
      fn = compilerFor(schemaDialect(schema) ?? "2020-12", linear).compile(withResolvableRoot(schema, key));
      compiled.set(key, fn);
    }
    return fn;
  };
}

/**
 * A tool's precompiled result validator (the generator's standalone output) when given and the
 * tool is the server's own (a client's tool of the same name, with other schemas, is never
 * checked by it); otherwise its `outputSchema`, compiled.
 */
export function createResultChecker(precompiled: ClientToolValidators | undefined, compile: SchemaCompiler = createSchemaCompiler()): ResultChecker {
  return (spec, fingerprint, result) => validate(ownValidators(precompiled, spec)?.result ?? compile(spec.outputSchema, fingerprint), result);
}

/** Checks the model's arguments against the tool's `parameters`; `undefined` when they match. */
export type ArgumentsChecker = (spec: ClientToolSpec, fingerprint: string | undefined, args: unknown) => readonly ValidationProblem[] | undefined;

/** A tool's precompiled arguments validator when given and the tool is the server's own; otherwise its `parameters`, compiled. */
export function createArgumentsChecker(precompiled: ClientToolValidators | undefined, compile: SchemaCompiler = createSchemaCompiler()): ArgumentsChecker {
  return (spec, fingerprint, args) => validate(ownValidators(precompiled, spec)?.args ?? compile(spec.parameters, fingerprint), args);
}

/** The precompiled validators of a tool by its name, if the tool is the server's own (they were generated from its schemas). */
function ownValidators(precompiled: ClientToolValidators | undefined, spec: ClientToolSpec): ClientToolValidators[string] {
  return precompiled !== undefined && isServerAuthored(spec.parameters) ? validatorsFor(precompiled, spec.name) : undefined;
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
