import type { JsonObject } from "../util/json.js";

/** The JSON Schema drafts a tool schema may be written in. */
export type SchemaDialect = "draft-07" | "2020-12";

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
const DRAFT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/**
 * The draft a schema is written in: its `$schema`, or 2020-12 when it has none (MCP's default).
 * Returns undefined for a `$schema` this tool does not support.
 */
export function schemaDialect(schema: JsonObject): SchemaDialect | undefined {
  const declared = schema["$schema"];
  if (declared === undefined) return "2020-12";
  if (typeof declared !== "string") return undefined;
  if (DRAFT_07.test(declared)) return "draft-07";
  if (DRAFT_2020_12.test(declared)) return "2020-12";
  return undefined;
}

/** The keyword that holds reusable definitions in a dialect. */
export function definitionsKeyword(dialect: SchemaDialect): "$defs" | "definitions" {
  return dialect === "draft-07" ? "definitions" : "$defs";
}
