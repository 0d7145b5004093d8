import { _, Ajv, type CodeKeywordDefinition, type KeywordErrorDefinition, type Options, str } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { VALIDATION_OPTIONS, validationOptionsFor } from "../../schema/ajv-options.js";
import { commonjsModule } from "../../schema/commonjs-module.js";
import { schemaDialect } from "../../schema/dialect.js";
import { linearRegExp } from "../../schema/linear-patterns.js";
import type { JsonObject } from "../../util/json.js";
import { firstDuplicate } from "../first-duplicate.js";

const standaloneCode = commonjsModule(standalone).default as typeof standalone.default;

/**
 * The validator of a client's schema as ajv standalone code (CommonJS: `module.exports`, and
 * `require` for ajv's runtime helpers and the formats), whose patterns are matched by
 * `linearRegExp`. Writing it is the slow part of compiling (hundreds of milliseconds for a
 * schema at the registry's limits), and needs no state: it runs in a thread of its own
 * (schema-thread.ts). A fresh ajv each time keeps nothing of the schema once written.
 */
export function clientSchemaCode(schema: JsonObject): string {
  const ajv = new (schemaDialect(schema) === "draft-07" ? Ajv : Ajv2020)({
    ...OPTIONS,
    ...validationOptionsFor(schema),
  });
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword(LINEAR_UNIQUE_ITEMS);
  return standaloneCode(ajv, ajv.compile(schema));
}

/** The module id under which the validator's code finds `firstDuplicate` (client-validator.ts provides it). */
export const FIRST_DUPLICATE_MODULE = "gen-client-tools/first-duplicate";

/**
 * `uniqueItems` in time linear in the array (first-duplicate.ts), with ajv's own error: ajv
 * compares every pair of items that may be objects or arrays, and a client chooses both the
 * schema and the array.
 */
const LINEAR_UNIQUE_ITEMS: CodeKeywordDefinition = {
  keyword: "uniqueItems",
  type: "array",
  schemaType: "boolean",
  error: {
    message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
    params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
  } satisfies KeywordErrorDefinition,
  code(cxt) {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const find = gen.scopeValue("func", { ref: firstDuplicate, code: _`require(${FIRST_DUPLICATE_MODULE}).default` });
    const duplicate = gen.const("duplicate", _`${find}(${data})`);
    cxt.setParams({ i: _`${duplicate}[0]`, j: _`${duplicate}[1]` });
    cxt.fail(_`${duplicate} !== undefined`);
  },
};

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
