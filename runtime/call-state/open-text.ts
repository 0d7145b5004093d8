/**
 * The JSON text of a partial value as the stream that made it would have it so far: its last
 * member at every depth left open (no closing bracket, no closing quote), so a parser reading it
 * takes nothing on that path as final. For sources that send the partial value itself (MCP's
 * `tool-input-partial`, an AI SDK part without `rawInput`), not its text.
 */
export function openText(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value).slice(0, -1);
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "";
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  const last = entries.pop();
  const member = ([key, item]: [string, unknown]) => (Array.isArray(value) ? "" : `${JSON.stringify(key)}:`) + (JSON.stringify(item) ?? "null");
  const closed = entries.map(member);
  const open = last === undefined ? "" : (Array.isArray(value) ? "" : `${JSON.stringify(last[0])}:`) + openText(last[1]);
  return `${Array.isArray(value) ? "[" : "{"}${[...closed, open].filter((text, i, all) => i < all.length - 1 || text !== "").join(",")}`;
}
