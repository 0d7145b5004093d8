import { MAX_JSON_DEPTH } from "../../runtime/tool-spec/frozen-json.js";

/**
 * `JSON.parse`, when it is sure to give what the strict parser gives; undefined when it might
 * not (then the strict parser reads the text and reports the problem at its place). JSON.parse
 * is native and several times faster, but it keeps the last of duplicate keys, turns numbers
 * too large into Infinity and stops at no depth: so the text must parse, hold exactly as many
 * keys as the value does (a duplicate key gives fewer), no number may be infinite, and the
 * nesting must stay within MAX_JSON_DEPTH.
 */
export function parseJsonQuickly(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  // Every key is followed by one colon outside strings, so the text's colons are its keys plus the
  // colons inside its strings. Without `\u` escapes (one could spell a colon), each string holds
  // the colons its parsed value does, and the value's count falls short of the text's exactly
  // when a duplicate key dropped a member. With escapes, a scan counts the colons outside strings.
  if (!body.includes("\\u")) return countColons(value, 1) === occurrences(body, ":") ? value : undefined;
  const shape = textShape(body);
  if (shape === undefined || shape.depth > MAX_JSON_DEPTH) return undefined;
  return countKeys(value, 0) === shape.keys ? value : undefined;
}

/**
 * The keys of every object plus the colons in every key and string of a parsed value; -1 when a
 * number is not finite or the nesting passes MAX_JSON_DEPTH (never equal to a count).
 */
function countColons(value: unknown, depth: number): number {
  if (typeof value === "string") return occurrences(value, ":");
  if (typeof value === "number") return Number.isFinite(value) ? 0 : -1;
  if (typeof value !== "object" || value === null) return 0;
  if (depth > MAX_JSON_DEPTH) return -1;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = countColons(item, depth + 1);
      if (inner < 0) return -1;
      count += inner;
    }
    return count;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const inner = countColons(object[key], depth + 1);
    if (inner < 0) return -1;
    count += 1 + occurrences(key, ":") + inner;
  }
  return count;
}

function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/** The keys (colons outside strings) and the deepest nesting of text that JSON.parse accepted. */
function textShape(text: string): { keys: number; depth: number } | undefined {
  let keys = 0;
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = stringEnd(text, i);
      if (i === -1) return undefined;
    } else if (c === 0x3a /* : */) keys++;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return { keys, depth: deepest };
}

/** The index of the quote that closes the string opening at `start`: the next one not escaped by an odd run of backslashes. */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/** The keys of every object in a parsed value; -1 as soon as a number is not finite (never equal to a count). */
function countKeys(value: unknown, keys: number): number {
  if (typeof value === "number") return Number.isFinite(value) ? keys : -1;
  if (typeof value !== "object" || value === null) return keys;
  if (Array.isArray(value)) {
    for (const item of value) if ((keys = countKeys(item, keys)) < 0) return -1;
    return keys;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) if ((keys = countKeys(object[key], keys + 1)) < 0) return -1;
  return keys;
}
