// What a strict variant does with each keyword a provider's strict mode does not take: described, dropped or refused.
/**
 * Validation keywords the model need not see enforced: the original schema checks them once the arguments are mapped
 * back.
 */
export const DESCRIBED: ReadonlySet<string> = new Set([
  "minLength",
  "maxLength",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "pattern",
  "format",
  "contains",
  "minContains",
  "maxContains",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "not",
  "if",
  "then",
  "else",
]);

/** Keywords that only annotate, dropped where the provider does not take them. */
export const DROPPED: ReadonlySet<string> = new Set([
  "default",
  "examples",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
  "contentEncoding",
  "contentMediaType",
  "nullable",
]);

/** Keywords whose meaning no variant keeps: a tool with one is left non-strict. */
export const REFUSED: { readonly [keyword: string]: string } = {
  patternProperties: "an object with patternProperties cannot be closed without losing the properties it allows",
  unevaluatedProperties: "unevaluatedProperties has no strict-mode equivalent",
  prefixItems: "tuples are not supported in strict mode",
  additionalItems: "tuples are not supported in strict mode",
  unevaluatedItems: "unevaluatedItems has no strict-mode equivalent",
  $anchor: "anchors are not supported in strict mode",
  $dynamicRef: "dynamic references are not supported in strict mode",
  $dynamicAnchor: "dynamic references are not supported in strict mode",
};
