import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import { EVALUATING_KEYWORDS } from "@gen-client-tools/runtime/core";

/**
 * The keywords of one schema that the type translators read, each undefined
 * when the schema does not have it.
 *
 * Why a record: schema objects come in thousands of shapes across a corpus, so
 * looking up each keyword by name (`schema["enum"]`, present or not) misses
 * the engine's property caches every time, and a schema is asked for a dozen
 * keywords it mostly lacks. One pass over its own keys fills this record,
 * always of the same shape, which is then cheap to read. Each field has its
 * keyword's name.
 */
export interface Keywords {
  readonly $ref?: JsonValue | undefined;
  readonly type?: JsonValue | undefined;
  readonly const?: JsonValue | undefined;
  readonly enum?: JsonValue | undefined;
  readonly allOf?: JsonValue | undefined;
  readonly anyOf?: JsonValue | undefined;
  readonly oneOf?: JsonValue | undefined;
  readonly title?: JsonValue | undefined;
  readonly description?: JsonValue | undefined;
  readonly deprecated?: JsonValue | undefined;
  readonly properties?: JsonValue | undefined;
  readonly required?: JsonValue | undefined;
  readonly patternProperties?: JsonValue | undefined;
  readonly additionalProperties?: JsonValue | undefined;
  readonly unevaluatedProperties?: JsonValue | undefined;
  readonly items?: JsonValue | undefined;
  readonly prefixItems?: JsonValue | undefined;
  readonly additionalItems?: JsonValue | undefined;
  readonly unevaluatedItems?: JsonValue | undefined;
  readonly contains?: JsonValue | undefined;
  readonly minItems?: JsonValue | undefined;
  readonly maxItems?: JsonValue | undefined;
  /**
   * Whether a keyword is present whose subschemas can evaluate properties or
   * items of the same instance (`$ref`, `$dynamicRef`, `$recursiveRef`,
   * `allOf`, `anyOf`, `oneOf`, `if`, `then`, `else`, `dependentSchemas`): then
   * `unevaluatedProperties`/`unevaluatedItems` could see something that the
   * schema's own `properties`/`items` keywords did not evaluate.
   */
  readonly hasApplicators?: boolean | undefined;
  /**
   * The keywords that documentation shows as tags (`TAGGED_KEYWORDS`), in the schema's order; undefined when there are
   * none.
   */
  readonly tagged?: readonly string[] | undefined;
}

/**
 * The keywords a type cannot say that a frontend author needs on hover: bounds and formats, then the default and
 * examples.
 */
export const TAGGED_KEYWORDS: readonly string[] = [
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "contentMediaType",
  "contentEncoding",
  "default",
  "examples",
];
const TAGGED: ReadonlySet<string> = new Set(TAGGED_KEYWORDS);

/** The keywords Keywords holds. */
type KeywordName = Exclude<keyof Keywords, "hasApplicators" | "tagged">;
const KEYWORDS: ReadonlySet<string> = new Set<KeywordName>([
  "$ref",
  "type",
  "const",
  "enum",
  "allOf",
  "anyOf",
  "oneOf",
  "title",
  "description",
  "deprecated",
  "properties",
  "required",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "contains",
  "minItems",
  "maxItems",
]);

/** A schema without keywords; every record is a copy of it, so that all have the same shape. */
const NO_KEYWORDS: Required<Keywords> = {
  $ref: undefined,
  type: undefined,
  const: undefined,
  enum: undefined,
  allOf: undefined,
  anyOf: undefined,
  oneOf: undefined,
  title: undefined,
  description: undefined,
  deprecated: undefined,
  properties: undefined,
  required: undefined,
  patternProperties: undefined,
  additionalProperties: undefined,
  unevaluatedProperties: undefined,
  items: undefined,
  prefixItems: undefined,
  additionalItems: undefined,
  unevaluatedItems: undefined,
  contains: undefined,
  minItems: undefined,
  maxItems: undefined,
  hasApplicators: false,
  tagged: undefined,
};

/** The keywords of `schema`, from its own keys only: names such as "constructor" never reach Object.prototype. */
export function readKeywords(schema: JsonObject): Keywords {
  // A copy rather than an object literal: before the JIT optimizes this, a literal costs a step per field.
  const k: { -readonly [K in keyof Keywords]: Keywords[K] } = { ...NO_KEYWORDS };
  // Indexed loops here and in the translators: they run mostly before the JIT has optimized
  // them, where a for-of loop costs a call to the iterator per element.
  const keys = Object.keys(schema);
  let tagged: string[] | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (KEYWORDS.has(key)) k[key as KeywordName] = schema[key];
    if (EVALUATING_KEYWORDS.has(key)) k.hasApplicators = true;
    if (TAGGED.has(key)) (tagged ??= []).push(key);
  }
  k.tagged = tagged;
  return k;
}
