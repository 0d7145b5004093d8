import type { JsonValue } from "@gen-client-tools/runtime/core";
import { MAX_JSON_DEPTH } from "@gen-client-tools/runtime/core";

/** Parsed JSON, deep-frozen, with the deepest nesting of its objects and arrays (the root's is 0). */
export interface ParsedJson {
  readonly value: JsonValue;
  readonly deepest: number;
}

/**
 * `JSON.parse`, when it is sure to give what the strict parser gives; undefined when it might
 * not (then the strict parser reads the text and reports the problem at its place). JSON.parse
 * is native and several times faster, but it keeps the last of duplicate keys, turns numbers
 * too large into Infinity and stops at no depth: so the text must parse, hold exactly as many
 * keys as the value does (a duplicate key gives fewer), no number may be infinite, and the
 * nesting must stay within MAX_JSON_DEPTH. The one walk that counts also freezes, so that
 * later stages take the value as it is.
 */
export function parseJsonQuickly(text: string): ParsedJson | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: JsonValue;
  try {
    value = JSON.parse(body) as JsonValue;
  } catch {
    return undefined;
  }
  // Every key is followed by one colon outside strings, so the text's colons are its keys plus the
  // colons inside its strings. Without `\u` escapes (one could spell a colon), each string holds
  // the colons its parsed value does, and the value's count falls short of the text's exactly
  // when a duplicate key dropped a member. With escapes, a scan counts the colons outside strings.
  const escaped = body.includes("\\u");
  const tally = settleParsed(value, !escaped);
  if (tally === undefined) return undefined;
  const parsed = { value, deepest: tally.deepest };
  if (!escaped) return tally.keys + tally.colons === occurrences(body, ":") ? parsed : undefined;
  return textKeys(body) === tally.keys ? parsed : undefined;
}

/**
 * What one walk of a parsed value found: its keys, the colons in its keys and strings (when counted), its deepest
 * nesting.
 */
interface Tally {
  keys: number;
  colons: number;
  deepest: number;
}

/**
 * Deep-freezes a value JSON.parse (or the strict parser) gave and counts its keys, and the colons
 * in its keys and strings when asked; undefined when a number is not finite or the nesting passes
 * MAX_JSON_DEPTH (then the strict parser must read the text).
 */
export function settleParsed(value: JsonValue, countColons: boolean): Tally | undefined {
  const tally: Tally = { keys: 0, colons: 0, deepest: 0 };
  return settle(value, 0, tally, countColons) ? tally : undefined;
}

function settle(value: JsonValue, depth: number, tally: Tally, countColons: boolean): boolean {
  if (typeof value === "string") {
    if (countColons) tally.colons += occurrences(value, ":");
    return true;
  }
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || value === null) return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (depth > tally.deepest) tally.deepest = depth;
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    for (let i = 0; i < items.length; i++) if (!settle(items[i]!, depth + 1, tally, countColons)) return false;
  } else {
    const object = value as Readonly<Record<string, JsonValue>>;
    const keys = Object.keys(object);
    tally.keys += keys.length;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (countColons) tally.colons += occurrences(key, ":");
      if (!settle(object[key]!, depth + 1, tally, countColons)) return false;
    }
  }
  Object.freeze(value);
  return true;
}

function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/** The keys (colons outside strings) of text that JSON.parse accepted. */
function textKeys(text: string): number | undefined {
  let keys = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = stringEnd(text, i);
      if (i === -1) return undefined;
    } else if (c === 0x3a /* : */) keys++;
  }
  return keys;
}

/**
 * The index of the quote that closes the string opening at `start`: the next one not escaped by an odd run of
 * backslashes.
 */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}
