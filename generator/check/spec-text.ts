import type { ClientToolSpec, JsonObject } from "@gen-client-tools/runtime/core";
import { stringEnd } from "../json/json-quick.js";
import type { JsonDocument } from "../load/read-json-file.js";

/**
 * The spec file's text, where it is the JSON of the spec as the spec rules give it: the file holds that one spec, with
 * the same members in the same order, each the very value the file parsed to (none added, dropped or bundled; MCP's
 * `inputSchema` renamed `parameters` in the text), and its name written as JSON.stringify writes it (a later run finds
 * the spec in specs.ts by its name, see readPreviousSpecs). specs.ts then copies the text instead of serialising the
 * spec again.
 */
export function specText(
  document: JsonDocument,
  pointer: string,
  spec: ClientToolSpec,
  parametersKey: "parameters" | "inputSchema",
): string | undefined {
  if (pointer !== "" || !document.text.includes(JSON.stringify(spec.name))) return undefined;
  const written = document.value as JsonObject;
  const checked = spec as unknown as JsonObject;
  const keys = Object.keys(checked);
  const writtenKeys = Object.keys(written);
  if (keys.length !== writtenKeys.length) return undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const writtenKey = key === "parameters" ? parametersKey : key;
    if (writtenKeys[i] !== writtenKey || written[writtenKey] !== checked[key]) return undefined;
  }
  return parametersKey === "parameters" ? document.text : withMemberRenamed(document.text, parametersKey, "parameters");
}

const KEY_END = /\s*:/y;

/**
 * The text of a JSON object with its own member `from` renamed `to`; undefined where `from` is not written plainly (with
 * escapes, say). The scan stops at the member, which a spec writes after its name and description.
 */
function withMemberRenamed(text: string, from: string, to: string): string | undefined {
  const token = JSON.stringify(from);
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, at);
      if (end === -1) return undefined;
      KEY_END.lastIndex = end + 1;
      if (depth === 1 && end + 1 - at === token.length && text.startsWith(token, at) && KEY_END.test(text))
        return `${text.slice(0, at)}${JSON.stringify(to)}${text.slice(end + 1)}`;
      at = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) depth++;
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return undefined;
}
