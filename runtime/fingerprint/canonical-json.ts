import { childPointer } from "../schema/json-pointer.js";
import { MAX_JSON_DEPTH } from "../tool-spec/frozen-json.js";

/**
 * RFC 8785 (JCS) canonical JSON: object keys sorted by UTF-16 code units, no whitespace,
 * numbers and strings serialized as ECMAScript's JSON.stringify does (so `1`, `1.0` and `1e0`
 * all become `1`, and `-0` becomes `0`). Two values with the same canonical text are the same
 * JSON, whatever their key order.
 *
 * Throws a TypeError naming the JSON pointer of anything JSON cannot hold (undefined, NaN,
 * Infinity, functions, bigints, symbols, class instances) instead of skipping it the way
 * JSON.stringify does: a fingerprint must never silently ignore part of a schema.
 */
export function canonicalJson(value: unknown): string {
  return write(value, []);
}

/** `path` is the way down to `value`; turned into a pointer only when something is wrong. */
function write(value: unknown, path: (string | number)[]): string {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw notJson(path, `${value} is not a JSON number`);
      // ES Number-to-String is what RFC 8785 prescribes; JSON.stringify also maps -0 to 0.
      return JSON.stringify(value);
    case "object":
      if (value === null) return "null";
      // Also how a cycle shows up, without paying for an ancestor set on every object.
      if (path.length >= MAX_JSON_DEPTH) throw notJson(path, `nested deeper than ${MAX_JSON_DEPTH} levels, or cyclic`);
      return Array.isArray(value) ? writeArray(value, path) : writeObject(value, path);
    default:
      throw notJson(path, `a ${typeof value} is not JSON`);
  }
}

function writeArray(value: readonly unknown[], path: (string | number)[]): string {
  let out = "[";
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ",";
    path.push(i);
    out += write(value[i], path);
    path.pop();
  }
  return `${out}]`;
}

function writeObject(value: object, path: (string | number)[]): string {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw notJson(path, "a class instance is not JSON");
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  let out = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) out += ",";
    path.push(key);
    out += `${quote(key)}:${write(record[key], path)}`;
    path.pop();
  }
  return `${out}}`;
}

/** Beyond this many keys, `sort`'s own work array costs less than moving keys one place at a time. */
const SORTED_IN_PLACE = 16;

/**
 * The object's keys in UTF-16 code unit order, as JCS requires (and as `Array.prototype.sort` without a comparator
 * orders strings). A schema's objects have a few keys each: those are sorted in place by insertion, where `sort`
 * allocates a work array a call (~40 MB over 1,000 tools' schemas, for the garbage collector).
 */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  if (keys.length > SORTED_IN_PLACE) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

// Nothing JSON.stringify would escape: no quote, backslash, control character or surrogate.
const NEEDS_NO_ESCAPE = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** JSON.stringify's string form (which is JCS's), skipping the call for the common plain string. */
function quote(text: string): string {
  return NEEDS_NO_ESCAPE.test(text) ? `"${text}"` : JSON.stringify(text);
}

function notJson(path: readonly (string | number)[], what: string): TypeError {
  const pointer = path.reduce<string>(childPointer, "");
  return new TypeError(`Cannot canonicalize JSON at ${pointer || "/"}: ${what}`);
}
