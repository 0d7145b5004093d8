// Where a schema refuses a value: the keyword that does, read from ajv's errors, and a sentence saying why.
import type { ErrorObject } from "ajv";
import type { JsonValue } from "../../util/json.js";
import { pointerTokens } from "../json-pointer.js";

/**
 * The keyword that refuses a value: its pointer in the schema (from the `$ref` target it stands in, as ajv reports it),
 * its name, the place in the value it refuses (`at`), and why.
 */
export interface Refusal {
  readonly pointer: string;
  readonly keyword: string;
  readonly at: string;
  readonly reason: string;
}

/**
 * The refusal that says most: an error not inside another one's subschema (the `anyOf` no branch of which took the
 * value, rather than each branch's own complaint), the first of those.
 */
export function refusalOf(errors: readonly ErrorObject[], value: JsonValue): Refusal | undefined {
  const paths = errors.map((error) => error.schemaPath);
  const outer = errors.find((error) => !paths.some((path) => error.schemaPath.startsWith(`${path}/`)));
  if (outer === undefined) return undefined;
  const pointer = schemaPointer(outer.schemaPath);
  // ajv names a false subschema's refusal "false schema", after the subschema's own path.
  if (outer.keyword === "false schema")
    return {
      pointer: pointer.replace(/\/?false schema$/, ""),
      keyword: "false",
      at: outer.instancePath,
      reason: reasonOf(outer, value),
    };
  return { pointer, keyword: outer.keyword, at: outer.instancePath, reason: reasonOf(outer, value) };
}

/** ajv's schema path ("#/properties/a%20b/type") as a JSON pointer ("/properties/a b/type"). */
function schemaPointer(schemaPath: string): string {
  const fragment = schemaPath.startsWith("#") ? schemaPath.slice(1) : schemaPath;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function reasonOf(error: ErrorObject, value: JsonValue): string {
  const place = error.instancePath === "" ? "" : ` at ${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  const at = JSON.stringify(valueAt(value, error.instancePath));
  switch (error.keyword) {
    case "required":
      return `${JSON.stringify(params["missingProperty"])} is required${place}, which the value lacks`;
    case "additionalProperties":
    case "unevaluatedProperties":
      return `the property ${JSON.stringify(params["additionalProperty"] ?? params["unevaluatedProperty"])}${place} is not allowed`;
    case "enum":
    case "const":
      return `${at}${place} is not ${error.keyword === "const" ? "the value allowed" : "one of the values listed"}`;
    case "type":
      return `${at}${place} is not of type ${JSON.stringify(params["type"])}`;
    case "false schema":
      return `${at}${place} is refused: the schema there is false`;
    case "format":
      return `${at}${place} is not ${JSON.stringify(params["format"])}`;
    default:
      return `${at}${place}: ${error.message ?? `fails ${error.keyword}`}`;
  }
}

function valueAt(value: JsonValue, instancePath: string): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const token of pointerTokens(instancePath)) {
    if (typeof current !== "object" || current === null) return undefined;
    if (!Object.hasOwn(current, token)) return undefined;
    current = Array.isArray(current) ? current[Number(token)] : (current as Record<string, JsonValue>)[token];
  }
  return current;
}
