import type { JsonValue } from "@gen-client-tools/runtime/core";
import { MAX_JSON_DEPTH as MAX_DEPTH, pointerTokens, setOwnKey } from "@gen-client-tools/runtime/core";
import { type ParsedJson, parseJsonQuickly, settleParsed } from "./json-quick.js";

/** A JSON syntax error at a character offset of the source text. */
export class JsonSyntaxError extends Error {
  override readonly name = "JsonSyntaxError";
  constructor(
    message: string,
    readonly offset: number,
    /** For a duplicate key: the offset of its first occurrence. */
    readonly firstOffset?: number,
  ) {
    super(message);
  }
}

/** Where each value (and each object key) starts, by JSON pointer. Built only when an error needs a position. */
export interface JsonPositions {
  readonly values: { get(pointer: string): number | undefined };
  readonly keys: { get(pointer: string): number | undefined };
}

/**
 * Where one value starts, and its children by key (array items by index). A tree, not a map
 * of full pointers: building every pointer costs the sum of their lengths, quadratic in the
 * nesting depth, while the tree is linear in the text and a lookup walks one path.
 */
interface PositionNode {
  offset: number;
  readonly keyOffset?: number;
  children?: Map<string, PositionNode>;
}

/**
 * A strict RFC 8259 parser. Unlike JSON.parse it refuses duplicate keys (JSON.parse keeps the
 * last one silently), numbers that overflow to Infinity and nesting deep enough to overflow the
 * stack, and it can record the position of every value so errors point at `file:line:col`.
 * A leading byte-order mark is skipped. Text that JSON.parse reads exactly as this parser would
 * (the common case) is left to it: see json-quick.ts.
 */
export function parseJson(text: string): ParsedJson {
  const quick = parseJsonQuickly(text);
  if (quick !== undefined) return quick;
  const value = new Parser(text, undefined).parseDocument() as JsonValue;
  return { value, deepest: settleParsed(value, false)!.deepest };
}

/** Parses again, recording positions: only called on the error path, so the hot path stays lean. */
export function jsonPositions(text: string): JsonPositions {
  const root: PositionNode = { offset: -1 };
  try {
    new Parser(text, root).parseDocument();
  } catch {
    // A document with an error still yields the positions read before it.
  }
  const find = (pointer: string): PositionNode | undefined => {
    let node: PositionNode | undefined = root;
    for (const token of pointerTokens(pointer)) node = node?.children?.get(token);
    return node;
  };
  return {
    values: {
      get: (pointer) => {
        const offset = find(pointer)?.offset;
        return offset === undefined || offset < 0 ? undefined : offset;
      },
    },
    keys: { get: (pointer) => find(pointer)?.keyOffset },
  };
}

class Parser {
  private pos: number;

  constructor(
    private readonly text: string,
    private readonly positions: PositionNode | undefined,
  ) {
    this.pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  parseDocument(): unknown {
    this.skipWhitespace();
    if (this.pos >= this.text.length)
      throw new JsonSyntaxError("the file is empty: write a spec object, an array of specs or a manifest", 0);
    const value = this.parseValue(this.positions, 0);
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail("unexpected text after the end of the JSON value: remove it");
    return value;
  }

  private parseValue(node: PositionNode | undefined, depth: number): unknown {
    if (node !== undefined) node.offset = this.pos;
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 0x7b /* { */:
        return this.parseObject(node, depth);
      case 0x5b /* [ */:
        return this.parseArray(node, depth);
      case 0x22 /* " */:
        return this.parseString();
      case 0x74 /* t */:
        return this.parseLiteral("true", true);
      case 0x66 /* f */:
        return this.parseLiteral("false", false);
      case 0x6e /* n */:
        return this.parseLiteral("null", null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.parseNumber();
        if (Number.isNaN(c)) this.fail("unexpected end of file: the JSON is cut short");
        return this.fail(`unexpected character ${JSON.stringify(this.text[this.pos])}: expected a JSON value`);
    }
  }

  private parseObject(node: PositionNode | undefined, depth: number): Record<string, unknown> {
    if (depth >= MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels: flatten the schema or use $ref`);
    this.pos++;
    const object: Record<string, unknown> = {};
    const keyOffsets = new Map<string, number>();
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return object;
    }
    for (let comma = -1; ; ) {
      this.skipWhitespace();
      const keyOffset = this.pos;
      if (comma !== -1 && this.text.charCodeAt(this.pos) === 0x7d)
        this.fail('trailing comma before "}": JSON allows none; remove it', comma);
      if (this.text.charCodeAt(this.pos) !== 0x22)
        this.fail("expected a property name in double quotes (JSON has no trailing commas or comments)");
      const key = this.parseString();
      const first = keyOffsets.get(key);
      if (first !== undefined) {
        throw new JsonSyntaxError(
          `duplicate key ${JSON.stringify(key)}: JSON readers would ` +
            `silently keep only the last one; remove one of them`,
          keyOffset,
          first,
        );
      }
      keyOffsets.set(key, keyOffset);
      // Positions are only recorded on the error path (as in parseArray): nothing is built otherwise.
      const child = node === undefined ? undefined : childNode(node, key, keyOffset);
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail('expected ":" after the property name');
      this.pos++;
      this.skipWhitespace();
      const value = this.parseValue(child, depth + 1);
      setOwnKey(object, key, value);
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos);
      this.pos++;
      if (c === 0x7d) return object;
      if (c !== 0x2c) this.fail('expected "," or "}" in the object', this.pos - 1);
      comma = this.pos - 1;
    }
  }

  private parseArray(node: PositionNode | undefined, depth: number): unknown[] {
    if (depth >= MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels: flatten the schema or use $ref`);
    this.pos++;
    const array: unknown[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return array;
    }
    for (let comma = -1; ; ) {
      this.skipWhitespace();
      if (comma !== -1 && this.text.charCodeAt(this.pos) === 0x5d)
        this.fail('trailing comma before "]": JSON allows none; remove it', comma);
      array.push(this.parseValue(node === undefined ? undefined : childNode(node, String(array.length)), depth + 1));
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos);
      this.pos++;
      if (c === 0x5d) return array;
      if (c !== 0x2c) this.fail('expected "," or "]" in the array', this.pos - 1);
      comma = this.pos - 1;
    }
  }

  private parseString(): string {
    const start = this.pos;
    let end = start + 1;
    let escaped = false;
    for (;;) {
      const c = this.text.charCodeAt(end);
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        end += 2;
        continue;
      }
      if (!(c >= 0x20))
        this.fail(
          Number.isNaN(c)
            ? "unterminated string: add the closing quote"
            : "control character in a string: escape it (\\n, \\t, \\u0000)",
          Number.isNaN(c) ? start : end,
        );
      end++;
    }
    this.pos = end + 1;
    if (!escaped) return this.text.slice(start + 1, end);
    try {
      return JSON.parse(this.text.slice(start, end + 1)) as string;
    } catch {
      return this.fail("invalid escape sequence in a string", start);
    }
  }

  private parseNumber(): number {
    const start = this.pos;
    const match = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    match.lastIndex = start;
    if (!match.test(this.text)) this.fail("invalid number");
    this.pos = match.lastIndex;
    const value = Number(this.text.slice(start, this.pos));
    if (!Number.isFinite(value))
      this.fail(
        `the number ${this.text.slice(start, Math.min(this.pos, start + 40))} ` +
          `is too large for a 64-bit float: use a smaller number`,
        start,
      );
    return value;
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos))
      this.fail(
        `unexpected text: expected a JSON value (true, false, null, a number, a string, an array or an object)`,
      );
    this.pos += word.length;
    return value;
  }

  private skipWhitespace(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos++;
      else return;
    }
  }

  private fail(message: string, offset = this.pos): never {
    throw new JsonSyntaxError(message, offset);
  }
}

function childNode(parent: PositionNode, token: string, keyOffset?: number): PositionNode {
  const child: PositionNode = keyOffset === undefined ? { offset: -1 } : { offset: -1, keyOffset };
  (parent.children ??= new Map()).set(token, child);
  return child;
}

/**
 * 1-based line and column of offsets in one text, each found by binary search over the line
 * starts (computed once): placing thousands of problems in a large file stays linear.
 */
export function lineColumns(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
