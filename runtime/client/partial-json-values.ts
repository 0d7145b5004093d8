// What the partial-JSON parser reads with: its frames, the scalars it is in the middle of, and how a value is placed.
/**
 * A number longer than this is refused: no tool argument needs one, and reading it again at each delta would cost its
 * length each time.
 */
export const MAX_NUMBER_CHARS = 1000;

/** A run of a string's plain characters: taken whole, not character by character. */
export const STRING_RUN = /[^"\\\u0000-\u001f]+/y;

export const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

/** Sets a member as JSON.parse does: `__proto__` is a key like any other, an own property. */
export function setMember(container: Record<string, unknown> | unknown[], key: string, value: unknown): void {
  if (Array.isArray(container)) container[Number(key)] = value;
  else if (key === "__proto__")
    Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
  else container[key] = value;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** A container being read, and where its value goes. */
export interface Frame {
  readonly container: Record<string, unknown> | unknown[];
  /** The key the value being read goes under (objects), once read. */
  key: string | undefined;
  /** What comes next: a key, `:`, a value, `,` or the end. */
  expect: "key-or-end" | "key" | "colon" | "value" | "value-or-end" | "comma-or-end";
  /** The keys read into an object so far (an array has its length): what copying it costs. */
  members: number;
}

/** What the containers know of their parts' finality: `final` once closed, `settled` the parts read to their end. */
export interface Finality {
  closed: boolean;
  readonly settled: Set<string>;
}

export type Scalar =
  | { readonly kind: "string"; text: string; escape: string | undefined; key: boolean }
  | { readonly kind: "number"; text: string }
  | { readonly kind: "literal"; text: string; readonly word: "true" | "false" | "null" };

/** Reads one character of a string (or of its escape); true when it is the closing quote. */
export function readStringChar(
  current: Scalar & { kind: "string" },
  char: string,
  fail: (message: string) => never,
): boolean {
  if (current.escape !== undefined) {
    current.escape += char;
    if (current.escape.length === 1) {
      const simple = ESCAPES[char];
      if (simple !== undefined) {
        current.text += simple;
        current.escape = undefined;
      } else if (char !== "u") fail(`\\${char} is not an escape`);
    } else if (current.escape.length === 5) {
      if (!/^u[0-9a-fA-F]{4}$/.test(current.escape)) fail(`\\${current.escape} is not an escape`);
      current.text += String.fromCharCode(Number.parseInt(current.escape.slice(1), 16));
      current.escape = undefined;
    }
    return false;
  }
  if (char === '"') return true;
  if (char === "\\") current.escape = "";
  else if (char < " ") fail("a control character in a string");
  else current.text += char;
  return false;
}
