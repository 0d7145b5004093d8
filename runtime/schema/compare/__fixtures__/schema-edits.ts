// Edits a tool's input schema goes through between versions, each with the relations a reader works out by hand:
// T (every value of the old version is valid under the new), F (some value is not). An edit applies to a schema
// only where its precondition holds, so its answer holds there: a property "plain" has a type and nothing else that
// restricts it; an "open" object has no additionalProperties, a "closed" one has it false.
import type { JsonObject, JsonValue } from "../../../util/json.js";

export type Expected = "T" | "F";

export interface SchemaEdit {
  readonly name: string;
  /** The new version and [old in new, new in old], or undefined where the edit does not apply. */
  readonly apply: (schema: JsonObject) => { next: JsonObject; expected: [Expected, Expected] } | undefined;
}

type Properties = Record<string, JsonObject>;
const ANNOTATIONS = new Set(["description", "title", "default", "examples"]);

const propertiesOf = (schema: JsonObject): Properties => (schema["properties"] ?? {}) as Properties;
const requiredOf = (schema: JsonObject): string[] => (schema["required"] ?? []) as string[];
const isClosed = (schema: JsonObject) => schema["additionalProperties"] === false;
const isOpen = (schema: JsonObject) =>
  !Object.hasOwn(schema, "additionalProperties") && !Object.hasOwn(schema, "patternProperties");
/** A property whose only rule is its type (one of these). */
const isPlain = (property: JsonObject, ...types: string[]) =>
  types.includes(property["type"] as string) &&
  Object.keys(property).every((key) => key === "type" || ANNOTATIONS.has(key));
const withProperty = (schema: JsonObject, name: string, property: JsonValue | undefined): JsonObject => {
  const properties: Record<string, JsonValue> = { ...propertiesOf(schema) };
  if (property === undefined) delete properties[name];
  else properties[name] = property;
  return { ...schema, properties };
};
/** The first property that meets the test, in the schema's order. */
const find = (schema: JsonObject, test: (property: JsonObject, name: string) => boolean): string | undefined =>
  Object.entries(propertiesOf(schema)).find(([name, property]) => test(property, name))?.[0];
const optional = (schema: JsonObject) => (property: JsonObject, name: string) => !requiredOf(schema).includes(name);

/** An edit of one property chosen by `test`: the property's new schema, and the answer. */
function propertyEdit(
  name: string,
  test: (property: JsonObject, name: string, schema: JsonObject) => boolean,
  edit: (property: JsonObject) => JsonObject,
  expected: [Expected, Expected],
): SchemaEdit {
  return {
    name,
    apply(schema) {
      const target = find(schema, (property, key) => test(property, key, schema));
      if (target === undefined) return undefined;
      return { next: withProperty(schema, target, edit(propertiesOf(schema)[target]!)), expected };
    },
  };
}

/** An array property of objects, open or closed as asked, whose items have a plain string property. */
function itemsEdit(
  name: string,
  test: (items: JsonObject) => boolean,
  edit: (items: JsonObject) => JsonObject | undefined,
  expected: [Expected, Expected],
): SchemaEdit {
  return propertyEdit(
    name,
    (property) => {
      const items = property["items"] as JsonObject | undefined;
      return property["type"] === "array" && items?.["type"] === "object" && test(items) && edit(items) !== undefined;
    },
    (property) => ({ ...property, items: edit(property["items"] as JsonObject)! }),
    expected,
  );
}

const firstPlainString = (items: JsonObject) => find(items, (property) => isPlain(property, "string"));

export const SCHEMA_EDITS: readonly SchemaEdit[] = [
  propertyEdit(
    "a property's description reworded",
    (p) => typeof p["description"] === "string",
    (p) => ({ ...p, description: `${p["description"]} (reworded)` }),
    ["T", "T"],
  ),
  propertyEdit(
    "a default added",
    (p) => isPlain(p, "string") && !Object.hasOwn(p, "default"),
    (p) => ({ ...p, default: "x" }),
    ["T", "T"],
  ),
  propertyEdit(
    "maxLength 3 added to a string",
    (p) => isPlain(p, "string"),
    (p) => ({ ...p, maxLength: 3 }),
    ["F", "T"],
  ),
  propertyEdit(
    "minLength 1 added to a string",
    (p) => isPlain(p, "string"),
    (p) => ({ ...p, minLength: 1 }),
    ["F", "T"],
  ),
  propertyEdit(
    "a pattern added to a string",
    (p) => isPlain(p, "string"),
    (p) => ({ ...p, pattern: "^[a-z]+$" }),
    ["F", "T"],
  ),
  propertyEdit(
    "format date-time added to a string",
    (p) => isPlain(p, "string"),
    (p) => ({ ...p, format: "date-time" }),
    ["F", "T"],
  ),
  propertyEdit(
    "a string also takes null",
    (p) => isPlain(p, "string"),
    (p) => ({ ...p, type: ["string", "null"] }),
    ["T", "F"],
  ),
  propertyEdit(
    "OpenAPI's nullable on a typed property",
    (p) => isPlain(p, "string", "number", "boolean", "integer"),
    (p) => ({ ...p, nullable: true }),
    ["T", "F"],
  ),
  propertyEdit(
    "int32 asked of a number",
    (p) => isPlain(p, "number", "integer"),
    (p) => ({ ...p, format: "int32" }),
    ["F", "T"],
  ),
  propertyEdit(
    "a number narrowed to integers",
    (p) => isPlain(p, "number"),
    (p) => ({ ...p, type: "integer" }),
    ["F", "T"],
  ),
  propertyEdit(
    "a number given a minimum of 1",
    (p) => isPlain(p, "number", "integer"),
    (p) => ({ ...p, minimum: 1 }),
    ["F", "T"],
  ),
  propertyEdit(
    "a string retyped as a number",
    (p) => isPlain(p, "string"),
    (p) => ({ ...p, type: "number" }),
    ["F", "F"],
  ),
  propertyEdit(
    "a boolean retyped as a string",
    (p) => isPlain(p, "boolean"),
    (p) => ({ ...p, type: "string" }),
    ["F", "F"],
  ),
  propertyEdit(
    "an enum value added",
    (p) => Array.isArray(p["enum"]) && (p["type"] ?? "string") === "string",
    (p) => ({ ...p, enum: [...(p["enum"] as JsonValue[]), "added-value"] }),
    ["T", "F"],
  ),
  propertyEdit(
    "an enum value removed",
    (p) => Array.isArray(p["enum"]) && (p["enum"] as JsonValue[]).length > 1,
    (p) => ({ ...p, enum: (p["enum"] as JsonValue[]).slice(0, -1) }),
    ["F", "T"],
  ),
  propertyEdit(
    "a string made a union with integers (anyOf)",
    (p) => isPlain(p, "string"),
    (p) => ({ anyOf: [p, { type: "integer" }] }),
    ["T", "F"],
  ),
  propertyEdit(
    "a string made a oneOf with an object variant",
    (p) => isPlain(p, "string"),
    (p) => ({ oneOf: [p, { type: "object", properties: { text: { type: "string" } }, required: ["text"] }] }),
    ["T", "F"],
  ),
  propertyEdit(
    "at most one item in a list",
    (p) => p["type"] === "array" && p["maxItems"] === undefined,
    (p) => ({ ...p, maxItems: 1 }),
    ["F", "T"],
  ),
  propertyEdit(
    "unique items asked of a list",
    (p) => p["type"] === "array" && p["uniqueItems"] === undefined,
    (p) => ({ ...p, uniqueItems: true }),
    ["F", "T"],
  ),
  propertyEdit(
    "a list's strings limited to 3 characters",
    (p) => p["type"] === "array" && isPlain((p["items"] ?? {}) as JsonObject, "string"),
    (p) => ({ ...p, items: { ...(p["items"] as JsonObject), maxLength: 3 } }),
    ["F", "T"],
  ),
  itemsEdit("an item object closed", isOpen, (items) => ({ ...items, additionalProperties: false }), ["F", "T"]),
  itemsEdit(
    "an item object opened",
    isClosed,
    (items) => {
      const { additionalProperties: _, ...rest } = items;
      return rest;
    },
    ["T", "F"],
  ),
  itemsEdit(
    "a typed optional property added to an open item object",
    isOpen,
    (items) => withProperty(items, "added_note", { type: "string" }),
    ["F", "T"],
  ),
  itemsEdit(
    "an optional property added to a closed item object",
    isClosed,
    (items) => withProperty(items, "added_note", { type: "string" }),
    ["T", "F"],
  ),
  itemsEdit(
    "an item's required property made optional",
    (items) => requiredOf(items).length > 0,
    (items) => ({ ...items, required: requiredOf(items).slice(1) }),
    ["T", "F"],
  ),
  itemsEdit(
    "an item's string given a maxLength",
    () => true,
    (items) => {
      const name = firstPlainString(items);
      return name === undefined
        ? undefined
        : withProperty(items, name, { ...propertiesOf(items)[name]!, maxLength: 2 });
    },
    ["F", "T"],
  ),
  {
    name: "an optional property made required",
    apply(schema) {
      const name = find(schema, optional(schema));
      return name === undefined
        ? undefined
        : { next: { ...schema, required: [...requiredOf(schema), name] }, expected: ["F", "T"] };
    },
  },
  {
    name: "a required property made optional",
    apply(schema) {
      const [name, ...rest] = requiredOf(schema);
      return name === undefined ? undefined : { next: { ...schema, required: rest }, expected: ["T", "F"] };
    },
  },
  {
    name: "the object closed",
    apply: (schema) =>
      isOpen(schema) ? { next: { ...schema, additionalProperties: false }, expected: ["F", "T"] } : undefined,
  },
  {
    name: "the object opened",
    apply(schema) {
      if (!isClosed(schema)) return undefined;
      const { additionalProperties: _, ...next } = schema;
      return { next, expected: ["T", "F"] };
    },
  },
  {
    name: "a typed optional property added",
    apply(schema) {
      if (!isOpen(schema) && !isClosed(schema)) return undefined;
      // Open, the old version took any value under the new name; closed, it took none.
      return {
        next: withProperty(schema, "added_note", { type: "string" }),
        expected: isClosed(schema) ? ["T", "F"] : ["F", "T"],
      };
    },
  },
  {
    name: "an optional typed property removed",
    apply(schema) {
      const name = find(
        schema,
        (property, key) => !requiredOf(schema).includes(key) && typeof property["type"] === "string",
      );
      if (name === undefined || (!isOpen(schema) && !isClosed(schema))) return undefined;
      // Closed, the new version refuses the property; open, it takes any value there, which the old did not.
      return { next: withProperty(schema, name, undefined), expected: isClosed(schema) ? ["F", "T"] : ["T", "F"] };
    },
  },
  {
    name: "the tool described anew (a title added)",
    apply: (schema) => ({ next: { ...schema, title: "Renamed tool" }, expected: ["T", "T"] }),
  },
];
