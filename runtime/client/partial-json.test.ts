import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzSettings } from "../../test-support/fuzz/fuzz-settings.js";
import { createPartialJsonParser } from "./partial-json.js";
import { PartialJsonError } from "./partial-json-options.js";

// Tool arguments as models write them: nested objects and arrays, escapes, non-ASCII text, numbers
// in every form JSON has, literals, empty containers, a key named __proto__, whitespace.
const CORPUS = [
  '{"file_path":"src/app.ts","line":42}',
  '{"question":"Which colour?","colours":["teal","coral","plum"],"allow_other":false}',
  '{ "city" : "Lisbon" , "precise" : true , "accuracy_m" : 12.5e-1 , "note" : null }',
  '{"chart":{"kind":"bar","series":[{"name":"Q1","points":[1,-2.5,3e2,0]},{"name":"Q2 \\"final\\"","points":[]}],"title":"Ventes d\'été — 2026 ✓ 😀"},"options":{}}',
  '{"text":"line one\\nline two\\ttabbed \\u00e9\\ud83d\\ude00 \\\\ \\/ end","__proto__":{"polluted":true}}',
  '[1,[2,[3,[4,{"deep":["x"]}]]],-0,1.0e+10]',
  '"a lone string"',
  "-12.75e-3",
  "true",
  '{"empty_key":{"":""},"nested":[[],{},[{}]]}',
];

/** Every pointer into a value, with its value's JSON text. */
function pointers(value: unknown, at = ""): [string, string][] {
  const found: [string, string][] = [[at, JSON.stringify(value)]];
  if (typeof value === "object" && value !== null) {
    for (const [key, part] of Object.entries(value))
      found.push(...pointers(part, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  }
  return found;
}

/** The part of a value at a JSON pointer. */
function partAt(value: unknown, pointer: string): unknown {
  let part = value;
  for (const token of pointer === "" ? [] : pointer.slice(1).split("/"))
    part = (part as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  return part;
}

/**
 * Feeds the text in these pieces; after each, whatever the parser says is final must keep its
 * value to the end, and the end must be JSON.parse's value.
 */
function checkPieces(text: string, pieces: readonly string[]): void {
  const parser = createPartialJsonParser();
  const finals = new Map<string, string>();
  const seeFinals = (value: unknown) => {
    const open = parser.openPointer();
    for (const [pointer, json] of value === undefined ? [] : pointers(value)) {
      const holdsOpen = open !== undefined && (open === pointer || open.startsWith(`${pointer}/`));
      expect(parser.isFinal(pointer), `${pointer} is final unless it holds the open part ${open}`).toBe(!holdsOpen);
      const known = finals.get(pointer);
      if (known !== undefined) expect(json, `${pointer} changed after it was final`).toBe(known);
      else if (parser.isFinal(pointer)) finals.set(pointer, json);
    }
  };
  for (const piece of pieces) seeFinals(parser.push(piece));
  const value = parser.end();
  expect(value).toEqual(JSON.parse(text));
  expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text)));
  seeFinals(value);
  expect(parser.isFinal("")).toBe(true);
}

describe("createPartialJsonParser", () => {
  it.each(CORPUS.map((text) => [text]))(
    "reads %s in every split in two, and character by character, to JSON.parse's value, final parts never changing",
    (text) => {
      for (let cut = 0; cut <= text.length; cut++) checkPieces(text, [text.slice(0, cut), text.slice(cut)]);
      checkPieces(
        text,
        [...text].length === text.length ? text.split("") : Array.from({ length: text.length }, (_, i) => text[i]!),
      );
    },
  );

  it("shows a string's characters so far, final only once closed", () => {
    const parser = createPartialJsonParser();
    expect(parser.push('{"city":"Lis')).toEqual({ city: "Lis" });
    expect(parser.isFinal("/city")).toBe(false);
    expect(parser.push('bon","pop')).toEqual({ city: "Lisbon" });
    expect(parser.isFinal("/city")).toBe(true);
    expect(parser.isFinal("")).toBe(false);
    expect(parser.isFinal("/pop")).toBe(false);
    expect(parser.push('":5')).toEqual({ city: "Lisbon", pop: 5 });
    expect(parser.isFinal("/pop")).toBe(false);
    expect(parser.push("45}")).toEqual({ city: "Lisbon", pop: 545 });
    expect(parser.isFinal("/pop")).toBe(true);
    expect(parser.isFinal("")).toBe(true);
    expect(parser.end()).toEqual({ city: "Lisbon", pop: 545 });
  });

  it("keeps the same objects from one delta to the next, filled in place", () => {
    const parser = createPartialJsonParser();
    const first = parser.push('{"points":[1,');
    const second = parser.push("2]}");
    expect(second).toBe(first);
    expect(parser.isFinal("/points/0")).toBe(true);
    expect(parser.isFinal("/points/2")).toBe(false);
  });

  it.each(CORPUS.map((text) => [text]))(
    "with snapshots, gives %s as new values that are never changed afterwards and share each part once final",
    (text) => {
      for (let size = 1; size <= 7; size += 3) {
        const inPlace = createPartialJsonParser();
        const parser = createPartialJsonParser({ snapshots: true });
        const taken: { value: unknown; json: string; finalParts: Map<string, unknown> }[] = [];
        for (let at = 0; at < text.length; at += size) {
          const piece = text.slice(at, at + size);
          const value = parser.push(piece);
          expect(value).toEqual(inPlace.push(piece));
          const finalParts = new Map<string, unknown>();
          for (const [pointer] of pointers(value))
            if (parser.isFinal(pointer)) finalParts.set(pointer, partAt(value, pointer));
          taken.push({ value, json: JSON.stringify(value) ?? "undefined", finalParts });
        }
        const last = parser.end();
        expect(last).toEqual(JSON.parse(text));
        for (const { value, json, finalParts } of taken) {
          expect(JSON.stringify(value) ?? "undefined", "a value returned earlier was changed").toBe(json);
          for (const [pointer, part] of finalParts)
            if (typeof part === "object" && part !== null)
              expect(partAt(last, pointer), `${pointer} was copied after it was final`).toBe(part);
        }
      }
    },
  );

  it("names the innermost part being read: the string or number shown, else the open container", () => {
    const parser = createPartialJsonParser({ snapshots: true });
    expect(parser.openPointer()).toBeUndefined();
    parser.push('{"a/b":[1,"te');
    expect(parser.openPointer()).toBe("/a~1b/1");
    parser.push('al"');
    expect(parser.openPointer()).toBe("/a~1b");
    parser.push(",-");
    expect(parser.openPointer(), "a lone minus is not a number yet").toBe("/a~1b");
    parser.push("4");
    expect(parser.openPointer()).toBe("/a~1b/2");
    expect(parser.push("]")).toEqual({ "a/b": [1, "teal", -4] });
    expect(parser.openPointer()).toBe("");
    parser.push(',"c":{"d":tr');
    expect(parser.openPointer(), "a literal shows only whole").toBe("/c");
    parser.push("ue}}");
    expect(parser.openPointer()).toBeUndefined();
    const top = createPartialJsonParser();
    top.push('"abc');
    expect(top.openPointer()).toBe("");
  });

  it("makes a key named __proto__ an own property, as JSON.parse does, and changes no prototype", () => {
    const parser = createPartialJsonParser();
    parser.push('{"__proto__":{"polluted":true}}');
    const value = parser.end() as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it.each([
    ['{"a" 1}', 'expected ":"'],
    ['{"a":1,}', "expected a key"],
    ["[1,]", "unexpected"],
    ['{"a":1]', "an array closed where an object is open"],
    ["tru3", "is not true, false or null"],
    ["01", '"01" is not a number'],
    ['"\\x"', "is not an escape"],
    ['"a\nb"', "a control character in a string"],
    ["1e999", "is not a finite number"],
    ["{} {}", "text after the value"],
  ])("refuses %j with a PartialJsonError naming the place: %s", (text, reason) => {
    const parser = createPartialJsonParser();
    expect(() => {
      parser.push(text);
      parser.end();
    }).toThrow(PartialJsonError);
    expect(() => {
      const again = createPartialJsonParser();
      again.push(text);
      again.end();
    }).toThrow(reason);
  });

  it("counts what a snapshot would copy, and takes one on demand that later text never changes", () => {
    const parser = createPartialJsonParser();
    parser.push('{"a":[1,2,3');
    expect(parser.openSize()).toBe(4);
    const taken = parser.snapshot() as { a: number[] };
    parser.push(',4],"b":{"c":1');
    expect(parser.openSize()).toBe(3);
    expect(taken).toEqual({ a: [1, 2, 3] });
    expect(parser.snapshot()).toEqual({ a: [1, 2, 3, 4], b: { c: 1 } });
  });

  it("refuses a text that stops short, past its bounds, or nests too deep", () => {
    const short = createPartialJsonParser();
    short.push('{"a":[1,2');
    expect(() => short.end()).toThrow("the text ends before its value does");
    expect(() => createPartialJsonParser({ maxChars: 10 }).push('{"a":"0123456789"}')).toThrow(
      "longer than 10 characters",
    );
    expect(() => createPartialJsonParser({ maxDepth: 3 }).push("[[[[1]]]]")).toThrow("nested deeper than 3 levels");
    expect(() => createPartialJsonParser().push(`[${"1".repeat(1001)}]`)).toThrow(
      "a number longer than 1000 characters",
    );
  });

  it("agrees with JSON.parse on random JSON cut at random places, final parts never changing", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "medium" }), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const bounds = [0, ...cuts.map((cut) => cut % (text.length + 1))].sort((a, b) => a - b);
        bounds.push(text.length);
        checkPieces(
          text,
          bounds.slice(1).map((end, i) => text.slice(bounds[i], end)),
        );
      }),
      fuzzSettings(200),
    );
  });
});
