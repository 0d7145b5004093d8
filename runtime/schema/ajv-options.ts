/**
 * The options every ajv that validates values against tool schemas is made with: the server's
 * result checker (runtime/calls) and the generated standalone validators alike, so both accept
 * and report exactly the same things. Plain data: importing it loads no ajv.
 */
import type { JsonObject } from "../util/json.js";
import { namesInheritedProperty } from "./proto-properties.js";

export const VALIDATION_OPTIONS = {
  // Specs may carry vendor keywords; the spec rules have already vetted the schema.
  strict: false,
  // The client needs every problem to correct its answer (the list is capped when reported).
  allErrors: true,
  // Compiled schemas are cached by fingerprint; ajv must not also register them by `$id`,
  // where two tools with the same `$id` would collide.
  addUsedSchema: false,
  // 19.99 is a multiple of 0.01, though 19.99 / 0.01 is 1998.9999999999998 in floating point:
  // a quotient within 1e-6 of a whole number counts as whole (the rounding error grows with the
  // quotient: 1,234,567.89 / 0.01 is off by 1.5e-8).
  multipleOfPrecision: 6,
} as const;

/**
 * The options for one schema: `VALIDATION_OPTIONS`, and ajv's `ownProperties` where the schema
 * names a property that every object inherits (`constructor`, `toString`, `__proto__`): without
 * it, `required: ["constructor"]` is met by Object.prototype, and `properties.constructor` checks
 * the inherited function. Only there: it costs every other validator a fifth of its speed.
 */
export function validationOptionsFor(
  schema: JsonObject,
): typeof VALIDATION_OPTIONS & { readonly ownProperties: boolean } {
  return { ...VALIDATION_OPTIONS, ownProperties: namesInheritedProperty(schema) };
}
