import { createRequire } from "node:module";
import type { JsonObject } from "@gen-client-tools/runtime/core";
import {
  schemaDialect,
  VALIDATION_OPTIONS,
  validationOptionsFor,
  withProtoProperties,
  withResolvableRoot,
} from "@gen-client-tools/runtime/core";
import type { Ajv as AjvInstance, Options, ValidateFunction } from "ajv";

const require = createRequire(import.meta.url);
// ajv ships CommonJS; require keeps its classes' constructors as they are (as in check/meta-schema.ts).
type AjvClass = new (options: Options) => AjvInstance;
const { default: Ajv, _ } = require("ajv") as { default: AjvClass; _: typeof import("ajv")._ };
const Ajv2020 = require("ajv/dist/2020").default as AjvClass;
const addFormats = require("ajv-formats").default as (ajv: AjvInstance) => void;
const standaloneCode = require("ajv/dist/standalone").default as (
  ajv: AjvInstance,
  validate: ValidateFunction,
) => string;

/** ajv's standalone module for one schema, and what ajv warned about while compiling it. */
export interface StandaloneValidator {
  /** As ajv writes it: `require(...)` calls for its runtime helpers included (see es-module.ts). */
  readonly code: string;
  /** Things the validator does not check, such as an unknown `format`. */
  readonly warnings: readonly string[];
}

/**
 * Compiles one schema with ajv in its own dialect (draft-07 when its `$schema` says so, else
 * 2020-12) into standalone code. A fresh ajv per schema: ajv numbers the names in its code
 * (`validate10`, `schema31`) across everything one instance compiled, so only a fresh one
 * makes a schema's code independent of the schemas compiled before it.
 */
export function compileStandalone(schema: JsonObject): StandaloneValidator {
  const dialect = schemaDialect(schema);
  if (dialect === undefined) throw new Error(`unsupported $schema ${JSON.stringify(schema["$schema"])}`);
  // An async validator returns a promise, which every caller would take for "valid".
  if (schema["$async"] === true)
    throw new Error('"$async": true makes a validator that returns a promise; remove "$async" from the schema');
  // A set: ajv warns about an unknown format once per pass over the keyword.
  const warnings = new Set<string>();
  const logger = { log() {}, warn: (...message: unknown[]) => void warnings.add(message.join(" ")), error() {} };
  const ajv = new (dialect === "draft-07" ? Ajv : Ajv2020)({ ...OPTIONS, ...validationOptionsFor(schema), logger });
  addFormats(ajv);
  // A fresh ajv per schema: one id serves every schema.
  return {
    code: standaloneCode(ajv, ajv.compile(withResolvableRoot(withProtoProperties(schema), "validator"))),
    warnings: [...warnings],
  };
}

const OPTIONS: Options = {
  // As the runtime's result checker, so that a precompiled validator accepts and reports exactly what the runtime's own
  // would.
  ...VALIDATION_OPTIONS,
  // The check stage has validated every schema against its meta-schema.
  validateSchema: false,
  code: {
    source: true,
    esm: true,
    // One statement per line: the committed output diffs line by line.
    lines: true,
    // ajv's optimizer only drops unused variables (a minifier does that too, and V8 anyway);
    // without it compiling takes 40% less time.
    optimize: 0,
    // Formats come from one named import that es-module.ts adds, instead of ajv-formats' `require`.
    formats: _`ajvFormats`,
    // Only the source is wanted: skip evaluating it (a quarter of the compile time).
    process: () => "return function standaloneOnly() {}",
  },
};
