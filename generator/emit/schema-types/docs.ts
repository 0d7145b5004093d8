import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import { isJsonObject } from "@gen-client-tools/runtime/core";
import { type Keywords, readKeywords, TAGGED_KEYWORDS } from "./keywords.js";

/**
 * The documentation text of a schema: its title and description (once when
 * they are equal), the constraints a type cannot say (`@minLength 1`,
 * `@pattern ^[a-z]+$`, `@default "light"`: what a frontend author needs on
 * hover), and `@deprecated` when the schema says so; "" when none.
 */
export function schemaDoc(schema: JsonValue): string {
  return isJsonObject(schema) ? keywordsDoc(readKeywords(schema), schema) : "";
}

/** schemaDoc of a schema whose keywords are read already. */
export function keywordsDoc({ title, description, deprecated, tagged }: Keywords, schema: JsonObject): string {
  const tags = tagged === undefined ? "" : constraintTags(schema, tagged);
  // The common case, a description alone, needs no assembling.
  if (title === undefined && deprecated === undefined && tags === "" && typeof description === "string")
    return description;
  const parts: string[] = [];
  if (typeof title === "string" && title.trim() !== "") parts.push(title);
  if (typeof description === "string" && description.trim() !== "" && description !== title) parts.push(description);
  if (tags !== "") parts.push(tags);
  if (deprecated === true) parts.push("@deprecated");
  return parts.join("\n\n");
}

/**
 * One `@keyword value` line per tagged keyword the schema has, in TAGGED_KEYWORDS' order; a string is written as it is
 * (a pattern, a format), anything else as JSON.
 */
function constraintTags(schema: JsonObject, found: readonly string[]): string {
  // Built as it goes: thousands of schemas a run, each with a few tags.
  let tags = "";
  for (let i = 0; i < TAGGED_KEYWORDS.length; i++) {
    const key = TAGGED_KEYWORDS[i]!;
    if (!found.includes(key)) continue;
    const value = schema[key]!;
    const tag = `@${key} ${typeof value === "string" && key !== "default" ? value : JSON.stringify(value)}`;
    tags = tags === "" ? tag : `${tags}\n${tag}`;
  }
  return tags;
}
