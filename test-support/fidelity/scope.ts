import { DATA_KEYWORDS } from "../../runtime/schema/keywords.js";
import type { JsonValue } from "../../runtime/util/json.js";
import type { SuiteGroup } from "./suite.js";

/** Test files about features the generator does not have, by keyword (file name), with the reason. */
export const OUT_OF_SCOPE_FILES: Readonly<Record<string, string>> = {
  anchor: "$anchor: the generator resolves $ref as local JSON pointers only",
  dynamicRef: "$dynamicRef and $dynamicAnchor are not supported",
  refRemote: "remote $ref: the generator never touches the network",
  vocabulary: "custom meta-schemas and $vocabulary are not supported",
};

/** Keywords that resolve references by URI rather than by local JSON pointer. */
const URI_KEYWORDS = ["$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"];

/** Why a group is out of scope, or undefined when it is in scope. */
export function exclusionReason(group: SuiteGroup): string | undefined {
  const file = OUT_OF_SCOPE_FILES[group.keyword];
  if (file !== undefined) return file;
  const keyword = uriKeyword(group.schema);
  if (keyword !== undefined)
    return `uses ${keyword}: references resolve by URI, and the generator resolves local JSON pointers only`;
  return undefined;
}

function uriKeyword(value: JsonValue): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Array.isArray(value)
    ? (value as readonly JsonValue[]).map((v) => ["", v] as const)
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (!Array.isArray(value) && URI_KEYWORDS.includes(key)) return key;
    if (Array.isArray(value) || !DATA_KEYWORDS.has(key)) {
      const found = uriKeyword(child);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
