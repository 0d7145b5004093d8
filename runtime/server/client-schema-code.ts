import { _, Ajv, type Options } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { VALIDATION_OPTIONS } from "../schema/ajv-options.js";
import { linearRegExp } from "../schema/linear-patterns.js";
import { schemaDialect } from "../schema/dialect.js";
import type { JsonObject } from "../schema/json.js";

import { commonjsModule } from "../schema/commonjs-module.js";

const standaloneCode = commonjsModule(standalone).default as typeof standalone.default;

/**
 * The validator of a client's schema as ajv standalone code (CommonJS: `module.exports`, and
 * `require` for ajv's runtime helpers and the formats), whose patterns are matched by
 * `linearRegExp`. Writing it is the slow part of compiling (hundreds of milliseconds for a
 * schema at the registry's limits), and needs no state: it runs in a thread of its own
 * (schema-thread.ts). A fresh ajv each time keeps nothing of the schema once written.
 */
export function clientSchemaCode(schema: JsonObject): string {
  const ajv = new (schemaDialect(schema) === "draft-07" ? Ajv : Ajv2020)(OPTIONS);
  return standaloneCode(ajv, ajv.compile(schema));
}

const OPTIONS: Options = {
  ...VALIDATION_OPTIONS,
  // The registry checked the schema against its meta-schema.
  validateSchema: false,
  formats: fullFormats,
  // ajv's warnings quote the schema's text: a client's text must not reach a terminal raw.
  logger: false,
  code: {
    source: true,
    // ajv's optimizer only drops unused variables; without it writing takes 40% less time.
    optimize: 0,
    formats: _`require("ajv-formats/dist/formats").fullFormats`,
    // The code calls `linearRegExp` for each pattern: the thread that runs it provides it.
    regExp: linearRegExp,
    // Only the source is wanted: evaluating it is for the thread that uses it.
    process: () => "return function standaloneOnly() {}",
  },
};
