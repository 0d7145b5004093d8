import type { JsonObject } from "../../../runtime/spec/types.js";

/** Keywords whose subschemas can evaluate properties or items of the same instance. */
const APPLICATORS = ["$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas"];

/**
 * Whether `unevaluatedProperties`/`unevaluatedItems` could see something that
 * this schema's own `properties`/`items` keywords did not evaluate.
 */
export function hasApplicators(schema: JsonObject): boolean {
  return APPLICATORS.some((k) => Object.hasOwn(schema, k));
}
