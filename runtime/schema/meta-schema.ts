import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject, Options, ValidateFunction } from "ajv";
import type { JsonObject, SpecProblem } from "../util/json.js";
import { type SchemaDialect, schemaDialect } from "./dialect.js";
import { pointerTokens } from "./json-pointer.js";
import { valueAt } from "./json-walk.js";
import { patternProblems } from "./pattern-problems.js";
import { quickVerdict } from "./quick-verdict.js";
import { suggestKey } from "./suggest.js";

// Loaded on first use, by require: a generation of valid specs never needs ajv (see quickVerdict).
const require = createRequire(import.meta.url);
const META_SCHEMA_IDS: Readonly<Record<SchemaDialect, string>> = {
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
};
const validators = new Map<SchemaDialect, ValidateFunction>();

/**
 * ajv's validator of a draft's meta-schema, as `ajv.validateSchema` runs it, built on first use:
 * loading ajv and compiling a meta-schema costs about 100 ms, which only a run with an invalid
 * schema pays. Picked by draft, not by looking up `$schema` (ajv knows one spelling of each).
 * ajv compiles meta-schemas with `validateFormats: false`, so ajv-formats would change nothing.
 */
export function metaSchemaValidator(dialect: SchemaDialect): ValidateFunction {
  let validate = validators.get(dialect);
  if (validate === undefined) {
    // ajv ships CommonJS; require keeps its classes' constructors as they are.
    const Ajv = (dialect === "2020-12" ? require("ajv/dist/2020") : require("ajv")).default as new (
      options: Options,
    ) => AjvInstance;
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    validate = ajv.getSchema(META_SCHEMA_IDS[dialect]);
    if (validate === undefined) throw new Error(`ajv has no ${dialect} meta-schema`);
    validators.set(dialect, validate);
  }
  return validate;
}

/** Problems where a tool schema does not conform to its own draft's meta-schema. */
export function metaSchemaProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const dialect = schemaDialect(schema);
  if (dialect === undefined) {
    return [
      {
        pointer: `${pointer}/$schema`,
        message:
          `unsupported $schema ${JSON.stringify(schema["$schema"])}: use "https://json-schema.org/draft/2020-12/schema" ` +
          `or "http://json-schema.org/draft-07/schema#", or leave it out for 2020-12`,
      },
    ];
  }
  // Nearly every schema is valid, which one walk over it tells in a tenth of the time ajv's
  // validator takes; ajv (with allErrors) and the pattern check run only to say what is wrong.
  const verdict = quickVerdict(schema, dialect);
  if (verdict === "valid") return [];
  const problems: SpecProblem[] = [];
  if (verdict === "unsure") {
    const validate = metaSchemaValidator(dialect);
    if (validate(schema) !== true) problems.push(...summarize(validate.errors ?? [], pointer, dialect, schema));
  }
  problems.push(...patternProblems(schema, pointer));
  return problems;
}

/** One problem per place: ajv reports every failed branch of the meta-schema's anyOf; keep the telling one. */
function summarize(
  errors: readonly ErrorObject[],
  pointer: string,
  dialect: SchemaDialect,
  schema: JsonObject,
): SpecProblem[] {
  const byPlace = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === "anyOf" || error.keyword === "oneOf" || error.keyword === "if") continue;
    if (!byPlace.has(error.instancePath)) byPlace.set(error.instancePath, error);
  }
  if (byPlace.size === 0 && errors[0] !== undefined) byPlace.set(errors[0].instancePath, errors[0]);
  return [...byPlace.values()].map((error) => ({
    pointer: `${pointer}${error.instancePath}`,
    message:
      `not a valid JSON Schema (${dialect}): ` +
      `${describe(error, valueAt(schema, pointerTokens(error.instancePath)))}`,
  }));
}

function describe(error: ErrorObject, value: unknown): string {
  const at = error.instancePath === "" ? "the schema" : JSON.stringify(error.instancePath.split("/").pop());
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum" && Array.isArray(params["allowedValues"])) {
    const allowed = params["allowedValues"] as unknown[];
    // `"type": "numbr"`: the allowed value it most likely meant.
    const meant =
      typeof value === "string"
        ? suggestKey(
            value,
            allowed.filter((v): v is string => typeof v === "string"),
          )
        : undefined;
    return (
      `${at} must be one of ` +
      `${allowed.map((v) => JSON.stringify(v)).join(", ")}${meant === undefined ? "" : `: did you mean ${JSON.stringify(meant)}?`}`
    );
  }
  if (error.keyword === "type") {
    const type = params["type"];
    return `${at} must be ${Array.isArray(type) ? type.join(" or ") : String(type)}${misplacedKeyword(error.instancePath)}`;
  }
  return `${at} ${error.message ?? "is invalid"}`;
}

/** Keywords of an object schema that land among its properties when written one level too deep. */
const OBJECT_KEYWORDS = new Set([
  "required",
  "additionalProperties",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "type",
  "description",
  "title",
]);

/** For `properties: { required: [...] }`: the keyword belongs beside `properties`, where it is read as one. */
function misplacedKeyword(instancePath: string): string {
  const tokens = instancePath.split("/");
  const name = tokens.at(-1) ?? "";
  if (tokens.at(-2) !== "properties" || !OBJECT_KEYWORDS.has(name)) return "";
  return `: it is read as a property named ${JSON.stringify(name)}; to use the keyword, move it out of "properties", beside it`;
}
