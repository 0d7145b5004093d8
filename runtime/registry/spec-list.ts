/**
 * The specs of a registration input, when it holds them in one of the plain shapes: an array,
 * a manifest `{ client_tools: [...] }` and nothing else, or one spec. Any other input goes to the
 * parser as it is, which reports what is wrong with it.
 */
export interface SpecList {
  readonly items: readonly unknown[];
  /** The JSON pointer of item `index` in the input, spelled as the parser spells it. */
  pointer(index: number): string;
  /** An input of the same shape holding other items (the parser's input with stand-ins). */
  rebuild(items: readonly unknown[]): unknown;
}

export function specList(input: unknown): SpecList {
  if (Array.isArray(input)) return { items: input, pointer: (i) => `/${i}`, rebuild: (items) => items };
  if (isManifest(input))
    return {
      items: input.client_tools,
      pointer: (i) => `/client_tools/${i}`,
      rebuild: (items) => ({ client_tools: items }),
    };
  return { items: [input], pointer: () => "", rebuild: (items) => items[0] };
}

function isManifest(input: unknown): input is { client_tools: readonly unknown[] } {
  if (typeof input !== "object" || input === null) return false;
  const keys = Object.keys(input);
  return (
    keys.length === 1 && keys[0] === "client_tools" && Array.isArray((input as { client_tools: unknown }).client_tools)
  );
}
