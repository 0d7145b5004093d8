import type { ClientToolSpec, JsonObject } from "@gen-client-tools/runtime/core";
import type { JsonDocument } from "../load/read-json-file.js";

/**
 * The spec file's text, where it is the JSON of the spec as the spec rules give it: the file holds that one spec, with
 * the same members in the same order, each the very value the file parsed to (none added, renamed, dropped or
 * bundled), and its name written as JSON.stringify writes it (a later run finds the spec in specs.ts by its name, see
 * readPreviousSpecs). specs.ts then copies the text instead of serialising the spec again.
 */
export function specText(document: JsonDocument, pointer: string, spec: ClientToolSpec): string | undefined {
  if (pointer !== "" || !document.text.includes(JSON.stringify(spec.name))) return undefined;
  const written = document.value as JsonObject;
  const checked = spec as unknown as JsonObject;
  const keys = Object.keys(checked);
  const writtenKeys = Object.keys(written);
  if (keys.length !== writtenKeys.length) return undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (writtenKeys[i] !== key || written[key] !== checked[key]) return undefined;
  }
  return document.text;
}
