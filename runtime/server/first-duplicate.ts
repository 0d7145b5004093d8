import { canonicalJson } from "../fingerprint/canonical-json.js";

/**
 * The indices of two equal items of an array (by JSON Schema's equality: key order aside, `1` and
 * `1.0` alike), the higher first; undefined when all differ. Each item is written once as
 * canonical JSON and looked up by it, so the work is linear in the array's size: ajv compares
 * every pair of object or array items, which is quadratic, and a client chooses the array.
 */
export function firstDuplicate(items: readonly unknown[]): readonly [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let i = items.length - 1; i >= 0; i--) {
    const key = canonicalJson(items[i]);
    const later = seen.get(key);
    if (later !== undefined) return [later, i];
    seen.set(key, i);
  }
  return undefined;
}
