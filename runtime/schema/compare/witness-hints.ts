// What the witness search builds its values around, read from both schemas.
import type { JsonObject, JsonSchema, JsonValue } from "../../util/json.js";

/** The numbers and property names found in both schemas. */
export interface Hints {
  readonly numbers: readonly number[];
  readonly names: readonly string[];
}

export function hintsOf(sub: JsonSchema, sup: JsonSchema): Hints {
  return { numbers: numbersIn(sub).concat(numbersIn(sup)), names: propertyNamesIn(sup) };
}

/** Sets a property as the object's own, `__proto__` too (an assignment would set the prototype). */
export function setOwn(object: Record<string, JsonValue>, name: string, value: JsonValue): Record<string, JsonValue> {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Every property name a schema names anywhere, to try them in the other schema's open objects. */
function propertyNamesIn(schema: JsonSchema): string[] {
  const found = new Set<string>();
  const visit = (value: JsonValue): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (
          (key === "properties" || key === "dependentRequired" || key === "dependentSchemas") &&
          typeof child === "object" &&
          child !== null &&
          !Array.isArray(child)
        )
          Object.keys(child).forEach((name) => found.add(name));
        if (key === "required" && Array.isArray(child))
          child.forEach((name) => typeof name === "string" && found.add(name));
        visit(child);
      }
    }
  };
  visit(schema);
  return [...found].slice(0, 64);
}

/** Every number in a schema (bounds, lengths, counts), to build values at the edges of the other schema. */
function numbersIn(schema: JsonSchema): number[] {
  const found = new Set<number>();
  const visit = (value: JsonValue): void => {
    if (typeof value === "number") found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      // Just past the 32-bit range that the int32 format allows.
      if ((value as JsonObject)["format"] === "int32") found.add(2 ** 31).add(-(2 ** 31) - 1);
      Object.values(value).forEach(visit);
    }
  };
  visit(schema);
  return [...found].slice(0, 64);
}
