import type { JsonObject, JsonValue } from "../../runtime/util/json.js";

/** A value of each format the corpus uses that ajv-formats accepts. */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  email: "ada@example.com",
  uri: "https://example.com/docs/a",
  "date-time": "2026-01-01T09:30:00Z",
  date: "2026-01-01",
  time: "09:30:00Z",
  uuid: "123e4567-e89b-42d3-a456-426614174000",
  hostname: "example.com",
  ipv4: "192.0.2.1",
};

/** Patterns the corpus writes, each with a string that matches it. */
const PATTERN_EXAMPLES: Readonly<Record<string, string>> = {
  "^[a-z0-9][a-z0-9_-]*$": "panel-1",
  "^[0-9A-Z -]{3,10}$": "75001",
};

/** Past this depth only required properties and items are filled, so recursive definitions end. */
const FULL_DEPTH = 3;

/**
 * Arguments (or a result) as a model or client would typically send them for a corpus
 * schema: every property present down to a few levels, one item per array, the first enum
 * value and `oneOf` branch. Knows the corpus's vocabulary only; valid against its schema
 * (the harness test checks that with ajv).
 */
export function sampleValue(schema: JsonObject): JsonValue {
  return sampleOf(schema, schema, 0);
}

function sampleOf(schema: JsonObject, root: JsonObject, depth: number): JsonValue {
  const ref = schema["$ref"];
  if (typeof ref === "string") return sampleOf(resolve(ref, root), root, depth);
  if ("const" in schema) return schema["const"]!;
  const enumeration = schema["enum"];
  if (Array.isArray(enumeration)) return enumeration[0] as JsonValue;
  const oneOf = schema["oneOf"];
  if (Array.isArray(oneOf)) return sampleOf(oneOf[0] as JsonObject, root, depth);
  const declared = schema["type"];
  const type = Array.isArray(declared)
    ? (declared.find((t) => t !== "null") as string)
    : (declared as string | undefined);
  switch (type) {
    case "object":
      return objectValue(schema, root, depth);
    case "array": {
      const items = schema["items"] as JsonObject | undefined;
      const minItems = Number(schema["minItems"] ?? 0);
      const count = depth <= FULL_DEPTH ? Math.max(1, minItems) : minItems;
      return items === undefined ? [] : Array.from({ length: count }, () => sampleOf(items, root, depth + 1));
    }
    case "string":
      return stringValue(schema);
    case "integer":
    case "number":
      return Number(schema["minimum"] ?? 0);
    case "boolean":
      return (schema["default"] as boolean | undefined) ?? true;
    default:
      return null;
  }
}

function objectValue(schema: JsonObject, root: JsonObject, depth: number): JsonObject {
  const properties = (schema["properties"] ?? {}) as JsonObject;
  const required = new Set((schema["required"] ?? []) as string[]);
  const value: Record<string, JsonValue> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (depth < FULL_DEPTH || required.has(name)) value[name] = sampleOf(property as JsonObject, root, depth + 1);
  }
  return value;
}

function stringValue(schema: JsonObject): string {
  const format = schema["format"];
  if (typeof format === "string") return FORMAT_EXAMPLES[format] ?? "text";
  const pattern = schema["pattern"];
  if (typeof pattern === "string") return PATTERN_EXAMPLES[pattern] ?? "text";
  return "text";
}

function resolve(ref: string, root: JsonObject): JsonObject {
  const [, keyword, name] = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref) ?? [];
  const target = keyword === undefined ? undefined : (root[keyword] as JsonObject | undefined)?.[name!];
  if (target === undefined) throw new Error(`sampleValue: cannot resolve ${ref}`);
  return target as JsonObject;
}
