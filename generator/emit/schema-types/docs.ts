import type { JsonValue } from "../../../runtime/spec/types.js";
import { isObject, own } from "./pointer.js";

/**
 * The documentation text of a schema: its title and description (once when
 * they are equal), and `@deprecated` when the schema says so; "" when none.
 */
export function schemaDoc(schema: JsonValue): string {
  if (!isObject(schema)) return "";
  const title = own(schema, "title");
  const description = own(schema, "description");
  const deprecated = own(schema, "deprecated");
  // The common case, a description alone, needs no assembling.
  if (title === undefined && deprecated === undefined && typeof description === "string") return description;
  const parts: string[] = [];
  if (typeof title === "string" && title.trim() !== "") parts.push(title);
  if (typeof description === "string" && description.trim() !== "" && description !== title) parts.push(description);
  if (deprecated === true) parts.push("@deprecated");
  return parts.join("\n\n");
}
