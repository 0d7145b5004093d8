import { describe, expect, it } from "vitest";
import { JsonSyntaxError, jsonPositions, lineColumn, lineColumns, parseJson } from "./json-parser.js";

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error("expected a syntax error");
}

describe("parseJson", () => {
  it("parses what JSON.parse parses, to the same value", () => {
    const samples = ['{"a":[1,2.5,-3e2,true,false,null,"x\\n\\u00e9"],"b":{}}', "[]", '"s"', "0", ' { "k" : [ ] } '];
    for (const text of samples) expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it("skips a byte-order mark", () => {
    expect(parseJson('\uFEFF{"a":1}')).toEqual({ a: 1 });
  });

  it("refuses duplicate keys, naming both positions", () => {
    const error = syntaxError('{\n  "a": 1,\n  "a": 2\n}');
    expect(error.message).toContain('duplicate key "a"');
    expect(error.offset).toBe(14);
    expect(error.firstOffset).toBe(4);
  });

  it("refuses numbers that overflow to Infinity", () => {
    expect(syntaxError('{"max": 1e400}').message).toContain("too large");
  });

  it("refuses an empty file, trailing commas, comments and cut-short input", () => {
    expect(syntaxError("  \n").message).toContain("empty");
    expect(syntaxError('{"a":1,}').message).toContain("property name");
    expect(syntaxError('{"a":1} // c').message).toContain("after the end");
    expect(syntaxError('{"a":').message).toContain("end of file");
    expect(syntaxError('{"a":"x').message).toContain("unterminated");
    expect(syntaxError("[01]").message).toContain('","');
  });

  it("keeps __proto__ as an own key", () => {
    const value = parseJson('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("parses deep nesting, and refuses nesting too deep for the stack with a clear error", () => {
    const nested = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);
    expect(() => parseJson(nested(1400))).not.toThrow();
    expect(syntaxError(nested(100_000)).message).toContain("nested deeper than");
  });
});

describe("jsonPositions", () => {
  it("records where each key and value starts", () => {
    const text = '{\n  "a": {"b": [1, 2]}\n}';
    const positions = jsonPositions(text);
    expect(lineColumn(text, positions.keys.get("/a")!)).toEqual({ line: 2, column: 3 });
    expect(lineColumn(text, positions.values.get("/a/b/1")!)).toEqual({ line: 2, column: 18 });
  });
});

describe("lineColumns", () => {
  it("places every offset as lineColumn does", () => {
    const text = 'a\n\nbc\r\nd\n';
    const place = lineColumns(text);
    for (let offset = 0; offset <= text.length; offset++) expect(place(offset)).toEqual(lineColumn(text, offset));
  });
});
