/** How deep the text of a value goes: the partial JSON parser's own bound. */
const MAX_DEPTH = 64;

/**
 * The JSON text of a partial value as the stream that made it would have it so far: its last
 * member at every depth left open (no closing bracket, no closing quote), so a parser reading it
 * takes nothing on that path as final. For sources that send the partial value itself (MCP's
 * `tool-input-partial`, an AI SDK part without `rawInput`), not its text. A value nested deeper
 * than the parser reads is cut where it goes too deep, as if the stream had not gone further.
 */
export function openText(value: unknown, depth = 0): string {
  if (typeof value === "string") return JSON.stringify(value).slice(0, -1);
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "";
  if (depth >= MAX_DEPTH) return "";
  const array = Array.isArray(value);
  const entries: [string, unknown][] = array ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  const members: string[] = [];
  for (const [i, [key, item]] of entries.entries()) {
    const keyText = array ? "" : `${JSON.stringify(key)}:`;
    // The last member, or one too deep to close: the text ends inside it.
    if (i === entries.length - 1 || !within(item, depth + 1)) {
      members.push(keyText + openText(item, depth + 1));
      break;
    }
    members.push(keyText + (JSON.stringify(item) ?? "null"));
  }
  return (array ? "[" : "{") + members.join(",");
}

/** Whether a value nests no deeper than the bound, counted from `depth`. */
function within(value: unknown, depth: number): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  return Object.values(value).every((item) => within(item, depth + 1));
}
