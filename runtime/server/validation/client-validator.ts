import equal from "ajv/dist/runtime/equal.js";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import uri from "ajv/dist/runtime/uri.js";
import validationError from "ajv/dist/runtime/validation_error.js";
import * as formats from "ajv-formats/dist/formats.js";
import { commonjsModule } from "../../schema/commonjs-module.js";
import { linearRegExp } from "../../schema/linear-patterns.js";
import type { CompiledValidator } from "../../wire/validation.js";
import { firstDuplicate } from "../first-duplicate.js";
import { FIRST_DUPLICATE_MODULE } from "./client-schema-code.js";

/** What the code ajv writes for a JSON Schema may `require`: its runtime helpers and the formats. */
const CODE_MODULES: ReadonlyMap<string, unknown> = new Map([
  ["ajv/dist/runtime/equal", commonjsModule(equal)],
  ["ajv/dist/runtime/ucs2length", commonjsModule(ucs2length)],
  ["ajv/dist/runtime/uri", commonjsModule(uri)],
  ["ajv/dist/runtime/validation_error", commonjsModule(validationError)],
  ["ajv-formats/dist/formats", formats],
  [FIRST_DUPLICATE_MODULE, { default: firstDuplicate }],
]);

/**
 * The validator that standalone code of a client's schema (client-schema-code.ts) defines. The
 * code is ajv's own output, with every value of the schema in it escaped; it may load only ajv's
 * runtime helpers and the formats, and its patterns are matched by `linearRegExp`.
 */
export function loadClientValidator(code: string): CompiledValidator {
  const module: { exports: { default?: CompiledValidator } } = { exports: {} };
  const load = (id: string): unknown => {
    const loaded = CODE_MODULES.get(id);
    if (loaded === undefined) throw new Error(`a compiled validator asked for ${JSON.stringify(id)}`);
    return loaded;
  };
  new Function("require", "module", "exports", "linearRegExp", code)(load, module, module.exports, linearRegExp);
  return module.exports.default!;
}
