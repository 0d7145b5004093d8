/** RFC 6901: append one reference token to a JSON pointer. */
export function childPointer(pointer: string, token: string | number): string {
  const text = typeof token === "string" ? token : String(token);
  // Nearly every token has nothing to escape, and this runs for every value of every spec the
  // generator reads: two regex replaces per call were a few percent of a whole run.
  if (!text.includes("~") && !text.includes("/")) return `${pointer}/${text}`;
  return `${pointer}/${text.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** RFC 6901: split a JSON pointer into its unescaped reference tokens. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => (token.includes("~") ? token.replace(/~1/g, "/").replace(/~0/g, "~") : token));
}
