// A JSON text read as it arrives, delta by delta: the value so far after each, and which of its
// parts are final. Each delta's characters are read once (never the text before them again), so
// a long argument streamed in many pieces costs time linear in its length. Browser-safe.

/** Where the parser stopped: the text is not JSON, or goes past a bound. */
export class PartialJsonError extends Error {
  override readonly name = "PartialJsonError";

  constructor(
    message: string,
    /** The offset in the whole text of the character that stopped it. */
    readonly offset: number,
  ) {
    super(`${message} (at character ${offset})`);
  }
}

export interface PartialJsonParserOptions {
  /** How deep objects and arrays may nest; default 64. */
  readonly maxDepth?: number;
  /** How many characters the whole text may hold; default 8 MiB. */
  readonly maxChars?: number;
  /**
   * `push` returns a new value each time instead of filling one in place: the objects and arrays
   * still being read are copied, the parts read to their end are shared from one value to the
   * next, and no value returned is changed afterwards (what a UI that compares by identity needs).
   * Each push then costs the size of the containers still open, besides its delta.
   */
  readonly snapshots?: boolean;
}

export interface PartialJsonParser {
  /**
   * Reads the next piece of the text and returns the value so far: objects and arrays hold what
   * has been read of them (a string its characters so far; a number, `true`, `false` or `null`
   * once it is whole), and are the same objects from one call to the next, filled in place.
   * `undefined` until the value has begun. Throws `PartialJsonError` for a text that is not JSON.
   */
  push(delta: string): unknown;
  /** The text is complete: returns its value, as `JSON.parse` gives it. Throws when the text stopped short. */
  end(): unknown;
  /**
   * Whether the part at this JSON pointer (`""` for the whole) has been read to its end, so it can no longer change.
   */
  isFinal(pointer: string): boolean;
  /**
   * The JSON pointer of the innermost part still being read: the string or number shown at its
   * prefix so far, else the innermost open object or array; `undefined` before the value begins
   * and once it is complete. Every part of the value so far that is neither this part nor holds
   * it is final.
   */
  openPointer(): string | undefined;
}

const DEFAULT_MAX_DEPTH = 64;
const DEFAULT_MAX_CHARS = 8 * 1024 * 1024;
/**
 * A number longer than this is refused: no tool argument needs one, and reading it again at each delta would cost its
 * length each time.
 */
const MAX_NUMBER_CHARS = 1000;
/** A run of a string's plain characters: taken whole, not character by character. */
const STRING_RUN = /[^"\\\u0000-\u001f]+/y;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

/** A container being read, and where its value goes. */
interface Frame {
  readonly container: Record<string, unknown> | unknown[];
  /** The key the value being read goes under (objects), once read. */
  key: string | undefined;
  /** What comes next: a key, `:`, a value, `,` or the end. */
  expect: "key-or-end" | "key" | "colon" | "value" | "value-or-end" | "comma-or-end";
}

/** What the containers know of their parts' finality: `final` once closed, `settled` the parts read to their end. */
interface Finality {
  closed: boolean;
  readonly settled: Set<string>;
}

type Scalar =
  | { readonly kind: "string"; text: string; escape: string | undefined; key: boolean }
  | { readonly kind: "number"; text: string }
  | { readonly kind: "literal"; text: string; readonly word: "true" | "false" | "null" };

export function createPartialJsonParser(options: PartialJsonParserOptions = {}): PartialJsonParser {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const snapshots = options.snapshots ?? false;
  const stack: Frame[] = [];
  const finality = new WeakMap<object, Finality>();
  let root: unknown;
  let started = false;
  let rootFinal = false;
  let scalar: Scalar | undefined;
  let offset = 0;

  const fail = (message: string): never => {
    throw new PartialJsonError(message, offset);
  };

  /** Puts a value where the innermost container expects one (or at the root). */
  const place = (value: unknown) => {
    const frame = stack.at(-1);
    if (frame === undefined) {
      root = value;
      started = true;
      return;
    }
    if (Array.isArray(frame.container) && frame.key === undefined) {
      frame.key = String(frame.container.length);
      frame.container.push(value);
      return;
    }
    setMember(frame.container, frame.key!, value);
  };

  /** The value so far as a new value: the open containers copied, each holding the next one's copy. */
  const snapshot = (): unknown => {
    let inner: unknown = root;
    for (let i = stack.length - 1; i >= 0; i--) {
      const frame = stack[i]!;
      const copy = Array.isArray(frame.container) ? frame.container.slice() : { ...frame.container };
      if (i < stack.length - 1) setMember(copy, frame.key!, inner);
      inner = copy;
    }
    return inner;
  };

  /** The value just placed has been read to its end. */
  const settle = () => {
    const frame = stack.at(-1);
    if (frame === undefined) {
      rootFinal = true;
      return;
    }
    finality.get(frame.container)!.settled.add(frame.key!);
    frame.key = undefined;
    frame.expect = "comma-or-end";
  };

  const open = (container: Record<string, unknown> | unknown[]) => {
    if (stack.length >= maxDepth) fail(`nested deeper than ${maxDepth} levels`);
    place(container);
    finality.set(container, { closed: false, settled: new Set() });
    stack.push({ container, key: undefined, expect: Array.isArray(container) ? "value-or-end" : "key-or-end" });
  };

  const close = (kind: "object" | "array") => {
    const frame = stack.pop()!;
    if (Array.isArray(frame.container) !== (kind === "array"))
      fail(
        `${kind === "array" ? "an array" : "an object"} closed where ${Array.isArray(frame.container) ? "an array" : "an object"} is open`,
      );
    finality.get(frame.container)!.closed = true;
    settle();
  };

  /** The number so far, as the longest prefix of its text that is one ("-" and "1e" are not yet). */
  const numberValue = (text: string): number | undefined => {
    const match = NUMBER.exec(text);
    return match === null ? undefined : Number(match[0]);
  };

  /** Ends the scalar being read at this character (not part of it). */
  const endScalar = () => {
    const current = scalar!;
    scalar = undefined;
    if (current.kind === "number") {
      if (NUMBER.exec(current.text)?.[0] !== current.text) fail(`${JSON.stringify(current.text)} is not a number`);
      const value = Number(current.text);
      if (!Number.isFinite(value)) fail(`${current.text} is not a finite number`);
      place(value);
      settle();
    }
  };

  const readValueStart = (char: string) => {
    switch (char) {
      case "{":
        return open({});
      case "[":
        return open([]);
      case '"':
        scalar = { kind: "string", text: "", escape: undefined, key: false };
        return place("");
      case "t":
      case "f":
      case "n": {
        const word = char === "t" ? "true" : char === "f" ? "false" : "null";
        scalar = { kind: "literal", text: char, word };
        return;
      }
      default:
        if (char === "-" || (char >= "0" && char <= "9")) {
          scalar = { kind: "number", text: char };
          return;
        }
        fail(`unexpected ${JSON.stringify(char)}`);
    }
  };

  const readString = (current: Scalar & { kind: "string" }, char: string): boolean => {
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
  };

  const step = (char: string) => {
    if (scalar !== undefined) {
      if (scalar.kind === "string") {
        const ended = readString(scalar, char);
        if (scalar.key) {
          if (ended) {
            stack.at(-1)!.key = scalar.text;
            stack.at(-1)!.expect = "colon";
            scalar = undefined;
          }
          return;
        }
        if (ended) {
          place(scalar.text);
          scalar = undefined;
          settle();
        }
        return;
      }
      if (scalar.kind === "literal") {
        scalar.text += char;
        if (!scalar.word.startsWith(scalar.text)) fail(`${JSON.stringify(scalar.text)} is not true, false or null`);
        if (scalar.text === scalar.word) {
          const value = scalar.word === "true" ? true : scalar.word === "false" ? false : null;
          scalar = undefined;
          place(value);
          settle();
        }
        return;
      }
      if (
        (char >= "0" && char <= "9") ||
        char === "." ||
        char === "e" ||
        char === "E" ||
        char === "+" ||
        char === "-"
      ) {
        if (scalar.text.length >= MAX_NUMBER_CHARS) fail(`a number longer than ${MAX_NUMBER_CHARS} characters`);
        scalar.text += char;
        return;
      }
      endScalar();
    }
    if (char === " " || char === "\n" || char === "\r" || char === "\t") return;
    const frame = stack.at(-1);
    if (frame === undefined) {
      if (started) fail("text after the value");
      return readValueStart(char);
    }
    switch (frame.expect) {
      case "key-or-end":
      case "key":
        if (char === "}" && frame.expect === "key-or-end") return close("object");
        if (char !== '"') return fail("expected a key");
        scalar = { kind: "string", text: "", escape: undefined, key: true };
        return;
      case "colon":
        if (char !== ":") return fail('expected ":"');
        frame.expect = "value";
        return;
      case "value-or-end":
        if (char === "]") return close("array");
        frame.expect = "value";
        return readValueStart(char);
      case "value":
        return readValueStart(char);
      case "comma-or-end":
        if (char === ",") {
          frame.expect = Array.isArray(frame.container) ? "value" : "key";
          return;
        }
        if (char === "}" || char === "]") return close(char === "}" ? "object" : "array");
        return fail('expected "," or the end');
    }
  };

  const isFinal = (pointer: string): boolean => {
    if (pointer !== "" && !pointer.startsWith("/")) return false;
    const tokens =
      pointer === ""
        ? []
        : pointer
            .slice(1)
            .split("/")
            .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
    // Final once it, or a part that holds it, has been read to its end; then it only has to exist.
    let final = rootFinal;
    let value: unknown = root;
    if (!started) return false;
    for (const key of tokens) {
      if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return false;
      if (!final) {
        const known = finality.get(value);
        final = known !== undefined && (known.closed || known.settled.has(key));
      }
      value = (value as Record<string, unknown>)[key];
    }
    return final;
  };

  return {
    push(delta) {
      if (offset + delta.length > maxChars)
        throw new PartialJsonError(`the text is longer than ${maxChars} characters`, maxChars);
      for (let i = 0; i < delta.length; ) {
        if (scalar?.kind === "string" && scalar.escape === undefined) {
          STRING_RUN.lastIndex = i;
          const run = STRING_RUN.exec(delta);
          if (run !== null) {
            scalar.text += run[0];
            i += run[0].length;
            offset += run[0].length;
            continue;
          }
        }
        step(delta[i]!);
        i++;
        offset++;
      }
      // What is being read shows as far as it goes: a string's characters so far, a number's valid prefix.
      if (scalar?.kind === "string" && !scalar.key) place(scalar.text);
      if (scalar?.kind === "number") {
        const value = numberValue(scalar.text);
        if (value !== undefined) place(value);
      }
      return snapshots ? snapshot() : root;
    },
    end() {
      if (scalar?.kind === "number") endScalar();
      if (scalar !== undefined || stack.length > 0 || !rootFinal) fail("the text ends before its value does");
      return root;
    },
    isFinal,
    openPointer() {
      const scalarShown =
        (scalar?.kind === "string" && !scalar.key) ||
        (scalar?.kind === "number" && numberValue(scalar.text) !== undefined);
      if (stack.length === 0) return scalarShown ? "" : undefined;
      const depth = scalarShown ? stack.length : stack.length - 1;
      let pointer = "";
      for (let i = 0; i < depth; i++) pointer += `/${stack[i]!.key!.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      return pointer;
    },
  };
}

/** Sets a member as JSON.parse does: `__proto__` is a key like any other, an own property. */
function setMember(container: Record<string, unknown> | unknown[], key: string, value: unknown): void {
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
