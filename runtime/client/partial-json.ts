import {
  DEFAULT_MAX_CHARS,
  DEFAULT_MAX_DEPTH,
  PartialJsonError,
  type PartialJsonParser,
  type PartialJsonParserOptions,
} from "./partial-json-options.js";
import type { Finality, Frame, Scalar } from "./partial-json-values.js";
import { MAX_NUMBER_CHARS, NUMBER, readStringChar, STRING_RUN, setMember } from "./partial-json-values.js";

// A JSON text read as it arrives, delta by delta: the value so far after each, and which of its
// parts are final. Each delta's characters are read once (never the text before them again), so
// a long argument streamed in many pieces costs time linear in its length. Browser-safe.

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
    const expect = Array.isArray(container) ? "value-or-end" : "key-or-end";
    stack.push({ container, key: undefined, expect, members: 0 });
  };

  const close = (kind: "object" | "array") => {
    const frame = stack.pop()!;
    if (Array.isArray(frame.container) !== (kind === "array"))
      fail(
        `${kind === "array" ? "an array" : "an object"} closed where ` +
          `${Array.isArray(frame.container) ? "an array" : "an object"} is open`,
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

  const step = (char: string) => {
    if (scalar !== undefined) {
      if (scalar.kind === "string") {
        const ended = readStringChar(scalar, char, fail);
        if (scalar.key) {
          if (ended) {
            stack.at(-1)!.key = scalar.text;
            stack.at(-1)!.members++;
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
    snapshot,
    openSize() {
      let size = 0;
      for (const frame of stack) size += Array.isArray(frame.container) ? frame.container.length : frame.members;
      return size;
    },
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
