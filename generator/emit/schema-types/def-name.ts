/**
 * The type name of definition `key`: `${prefix}_${key'}`, where every code unit
 * of `key` outside [A-Za-z0-9] is written `$XX` (below U+0100) or `$uXXXX`
 * (upper-case hex). `u` is not a hex digit, so the spelling decodes one way
 * only: different keys can never share a name, and the result is always an
 * identifier. Code units, not code points, so lone surrogates are covered too.
 */
export function defTypeName(prefix: string, key: string): string {
  return `${prefix}_${key.replace(/[^A-Za-z0-9]/g, hexEscape)}`;
}

function hexEscape(ch: string): string {
  const code = ch.charCodeAt(0);
  const hex = code.toString(16).toUpperCase();
  return code < 0x100 ? `$${hex.padStart(2, "0")}` : `$u${hex.padStart(4, "0")}`;
}
