import type { JsonValue } from "../../runtime/spec/types.js";
import { escapeJsonText, propertyKey, tsString } from "./escape.js";

/**
 * A JavaScript expression for a JSON value, laid out with two-space indents. JSON text is
 * already a valid expression except for one key: `"__proto__"` in an object literal sets the
 * prototype instead of making a property, so such objects are written with computed keys.
 */
export function jsonLiteral(value: JsonValue, indent: string): string {
  const text = JSON.stringify(value, null, 2);
  if (!text.includes('"__proto__"')) return reindent(escapeJsonText(text), indent);
  return reindent(literal(value, ""), indent);
}

function literal(value: JsonValue, indent: string): string {
  if (typeof value !== "object" || value === null) return typeof value === "string" ? tsString(value) : JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    return items.length === 0 ? "[]" : `[\n${items.map((item) => `${inner}${literal(item, inner)}`).join(",\n")}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return "{}";
  const object = value as { readonly [key: string]: JsonValue };
  return `{\n${keys.map((key) => `${inner}${propertyKey(key)}: ${literal(object[key]!, inner)}`).join(",\n")}\n${indent}}`;
}

function reindent(text: string, indent: string): string {
  return indent === "" ? text : text.replace(/\n/g, `\n${indent}`);
}
