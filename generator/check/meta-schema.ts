import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject } from "ajv";
import { schemaDialect, type SchemaDialect } from "../../runtime/spec/dialect.js";
import { childPointer } from "../../runtime/spec/json-pointer.js";
import type { JsonObject, JsonValue, SpecProblem } from "../../runtime/spec/types.js";
import { DATA_KEYWORDS } from "../../runtime/spec/json-walk.js";

const require = createRequire(import.meta.url);
const validators = new Map<SchemaDialect, AjvInstance>();

/** ajv with the meta-schema of one draft, built on first use (it costs tens of milliseconds). */
function validatorFor(dialect: SchemaDialect): AjvInstance {
  let ajv = validators.get(dialect);
  if (ajv === undefined) {
    // ajv ships CommonJS; require keeps its classes' constructors as they are.
    const Ajv = (dialect === "2020-12" ? require("ajv/dist/2020") : require("ajv")).default as new (options: object) => AjvInstance;
    const addFormats = require("ajv-formats").default as (ajv: AjvInstance) => void;
    ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    validators.set(dialect, ajv);
  }
  return ajv;
}

/** Problems where a tool schema does not conform to its own draft's meta-schema. */
export function metaSchemaProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const dialect = schemaDialect(schema);
  if (dialect === undefined) {
    return [
      {
        pointer: `${pointer}/$schema`,
        message: `unsupported $schema ${JSON.stringify(schema["$schema"])}: use "https://json-schema.org/draft/2020-12/schema" or "http://json-schema.org/draft-07/schema#", or leave it out for 2020-12`,
      },
    ];
  }
  const ajv = validatorFor(dialect);
  const problems = ajv.validateSchema(schema) === true ? [] : summarize(ajv.errors ?? [], pointer, dialect);
  forEachPattern(schema, pointer, (pattern, at) => {
    try {
      new RegExp(pattern, "u");
    } catch (error) {
      problems.push({ pointer: at, message: `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}; patterns are ECMA-262 regular expressions with the "u" flag` });
    }
  });
  return problems;
}

/** Every `pattern` and `patternProperties` key: validators compile them, so a bad one must fail here, not there. */
function forEachPattern(value: JsonValue, pointer: string, visit: (pattern: string, pointer: string) => void): void {
  if (typeof value !== "object" || value === null) return;
  const entries = Array.isArray(value) ? (value as readonly JsonValue[]).map((v, i) => [String(i), v] as const) : Object.entries(value as JsonObject);
  for (const [key, child] of entries) {
    const at = childPointer(pointer, key);
    if (Array.isArray(value)) forEachPattern(child, at, visit);
    else if (key === "pattern" && typeof child === "string") visit(child, at);
    else if (key === "patternProperties" && typeof child === "object" && child !== null && !Array.isArray(child)) {
      for (const name of Object.keys(child)) visit(name, childPointer(at, name));
      forEachPattern(child, at, visit);
    } else if (!DATA_KEYWORDS.has(key)) forEachPattern(child, at, visit);
  }
}

/** One problem per place: ajv reports every failed branch of the meta-schema's anyOf; keep the telling one. */
function summarize(errors: readonly ErrorObject[], pointer: string, dialect: SchemaDialect): SpecProblem[] {
  const byPlace = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === "anyOf" || error.keyword === "oneOf" || error.keyword === "if") continue;
    if (!byPlace.has(error.instancePath)) byPlace.set(error.instancePath, error);
  }
  if (byPlace.size === 0 && errors[0] !== undefined) byPlace.set(errors[0].instancePath, errors[0]);
  return [...byPlace.values()].map((error) => ({
    pointer: `${pointer}${error.instancePath}`,
    message: `not a valid JSON Schema (${dialect}): ${describe(error)}`,
  }));
}

function describe(error: ErrorObject): string {
  const at = error.instancePath === "" ? "the schema" : JSON.stringify(error.instancePath.split("/").pop());
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum" && Array.isArray(params["allowedValues"])) {
    return `${at} must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  }
  if (error.keyword === "type") {
    const type = params["type"];
    return `${at} must be ${Array.isArray(type) ? type.join(" or ") : String(type)}`;
  }
  return `${at} ${error.message ?? "is invalid"}`;
}
