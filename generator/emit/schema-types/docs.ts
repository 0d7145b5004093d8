import type { JsonValue } from "../../../runtime/spec/types.js";
import { readKeywords, type Keywords } from "./keywords.js";
import { isObject } from "./pointer.js";

/**
 * The documentation text of a schema: its title and description (once when
 * they are equal), and `@deprecated` when the schema says so; "" when none.
 */
export function schemaDoc(schema: JsonValue): string {
  return isObject(schema) ? keywordsDoc(readKeywords(schema)) : "";
}

/** schemaDoc of a schema whose keywords are read already. */
export function keywordsDoc({ title, description, deprecated }: Keywords): string {
  // The common case, a description alone, needs no assembling.
  if (title === undefined && deprecated === undefined && typeof description === "string") return description;
  const parts: string[] = [];
  if (typeof title === "string" && title.trim() !== "") parts.push(title);
  if (typeof description === "string" && description.trim() !== "" && description !== title) parts.push(description);
  if (deprecated === true) parts.push("@deprecated");
  return parts.join("\n\n");
}
