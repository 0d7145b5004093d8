/**
 * No id the server makes (a signed request id, at its longest) is longer: a longer one is refused unread, and never
 * quoted back.
 */
export const MAX_ID_CHARS = 8_192;

/** How much of a client's text a refusal quotes back (a request id, a pointer into its answer). */
export const MAX_QUOTED_CHARS = 512;

/**
 * A client's text as a JSON string literal, cut to its first `MAX_QUOTED_CHARS` characters: a
 * refusal that quoted a megabyte-long id in full would be the client's amplifier.
 */
export function quoted(text: string): string {
  return text.length <= MAX_QUOTED_CHARS
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, MAX_QUOTED_CHARS))}… (${text.length} characters)`;
}

/**
 * A client's text cut to its first `MAX_QUOTED_CHARS` characters, for a field that is not a string literal (a pointer).
 */
export function clipped(text: string): string {
  return text.length <= MAX_QUOTED_CHARS ? text : `${text.slice(0, MAX_QUOTED_CHARS)}…`;
}
