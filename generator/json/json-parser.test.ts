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
    for (const text of samples) expect(parseJson(text).value).toEqual(JSON.parse(text));
  });

  it("skips a byte-order mark", () => {
    expect(parseJson('\uFEFF{"a":1}').value).toEqual({ a: 1 });
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
    expect(syntaxError('{"a":1,}').message).toContain("trailing comma");
    expect(syntaxError('{"a":1} // c').message).toContain("after the end");
    expect(syntaxError('{"a":').message).toContain("end of file");
    expect(syntaxError('{"a":"x').message).toContain("unterminated");
    expect(syntaxError("[01]").message).toContain('","');
  });

  it("reports a trailing comma at the comma, in objects and arrays", () => {
    const object = '{"a": 1,\n}';
    expect(syntaxError(object)).toMatchObject({
      offset: object.indexOf(","),
      message: expect.stringContaining('trailing comma before "}"') as string,
    });
    const array = '{"a": [1, 2 , ]}';
    expect(syntaxError(array)).toMatchObject({
      offset: array.lastIndexOf(","),
      message: expect.stringContaining('trailing comma before "]"') as string,
    });
    // A comma that is not trailing is not reported as one.
    expect(syntaxError('{"a": 1, 2}').message).toContain("property name");
  });

  it("keeps __proto__ as an own key", () => {
    const value = parseJson('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("gives the value deep-frozen, with its deepest nesting, from either parser", () => {
    // The first text JSON.parse reads; the second holds a \u escape spelling a colon, which takes the exact scan.
    for (const text of ['{"a": [{"b": {}}], "c": 1}', '{"a\\u003a": [{"b": {}}], "c": 1}']) {
      const { value, deepest } = parseJson(text);
      const inner = value as { [k: string]: readonly { b: object }[] };
      const first = Object.values(inner)[0]!;
      expect([
        Object.isFrozen(value),
        Object.isFrozen(first),
        Object.isFrozen(first[0]),
        Object.isFrozen(first[0]!.b),
      ]).toEqual([true, true, true, true]);
      expect(deepest).toBe(3);
    }
    expect(parseJson("1").deepest).toBe(0);
    expect(parseJson("{}").deepest).toBe(0);
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
    const text = "a\n\nbc\r\nd\n";
    const place = lineColumns(text);
    for (let offset = 0; offset <= text.length; offset++) expect(place(offset)).toEqual(lineColumn(text, offset));
  });
});
