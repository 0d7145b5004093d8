import { describe, expect, it } from "vitest";
import { typecheck } from "../../test-support/typecheck.js";
import { docComment, jsonTemplateLiteral, propertyKey, tsString } from "./escape.js";

const HOSTILE = [
  "plain",
  "",
  'quote " and \\ backslash',
  "template ${x} and `backtick`",
  "comment */ end and /* start",
  "line\u2028sep\u2029para",
  "nul\u0000 bell\u0007 esc\u001b del\u007f nel\u0085",
  "lone high \ud800 and lone low \udc00",
  "emoji \u{1f600} pair",
  "crlf\r\nand cr\rand lf\n",
  "bidi \u202e reversed \u2066 isolate",
  "__proto__",
  "</script><script>alert(1)</SCRIPT><!-- x",
];

/** Evaluates generated JavaScript text, to see the value it really denotes. */
function evaluate(expression: string): unknown {
  return new Function(`return (${expression});`)();
}

describe("tsString", () => {
  it.each(HOSTILE)("denotes the exact string %j", (s) => {
    expect(evaluate(tsString(s))).toBe(s);
  });

  it("leaves no line separators or direction controls raw", () => {
    expect(tsString("a\u2028b\u2029c\u202ed")).toBe('"a\\u2028b\\u2029c\\u202ed"');
  });

  it("leaves nothing an HTML parser would act on inside a <script> element", () => {
    expect(tsString("</script> <SCRIPT <!-- < /script <b>")).toBe(
      '"\\u003c/script> \\u003cSCRIPT \\u003c!-- < /script <b>"',
    );
  });

  it("compiles as a literal type holding the same text", () => {
    const code = HOSTILE.map((s, i) => `export const s${i}: ${tsString(s)} = ${tsString(s)};\n`).join("");
    expect(typecheck({ "/gen/strings.ts": code })).toEqual([]);
  });
});

describe("jsonTemplateLiteral", () => {
  const values = [...HOSTILE.map((s) => ({ [s]: [s, 1, null, { nested: s }] })), { "it's": "\\\"'\\'", "a\\": "${`}" }];

  it.each(values)("parses as the same JSON value, on one line or spread over many: %j", (value) => {
    for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)])
      expect(JSON.parse(evaluate(jsonTemplateLiteral(json)) as string)).toEqual(value);
  });

  it("keeps the JSON readable: its quotes, backslash escapes and line breaks as they are", () => {
    expect(jsonTemplateLiteral('{\n  "a": "say \\"hi\\"\\n"\n}')).toBe('String.raw`{\n  "a": "say \\"hi\\"\\n"\n}`');
  });

  it("leaves nothing raw that could end the literal, substitute into it, or end an inline <script>", () => {
    const literal = jsonTemplateLiteral(JSON.stringify(HOSTILE, null, 2));
    expect(literal.slice("String.raw`".length, -1)).not.toMatch(
      /`|\$\{|[\u2028\u2029\u202a-\u202e\u2066-\u2069]|<\/?script|<!--/i,
    );
    expect(typecheck({ "/gen/json.ts": `export const json: string = ${literal};\n` })).toEqual([]);
  });
});

describe("docComment", () => {
  it("is empty for blank text", () => {
    expect(docComment(" \n\r\n ", "  ")).toBe("");
  });

  it("writes one line as a one-line block, indented", () => {
    expect(docComment("Hello.", "    ")).toBe("    /** Hello. */\n");
  });

  it("writes lines joined by line feeds alone (a description and its constraints' tags) the same way", () => {
    expect(docComment("\n \nShown.  \n\n@maxItems 100\n\n\n@uniqueItems true\n \n", "  ")).toBe(
      "  /**\n   * Shown.\n   *\n   * @maxItems 100\n   *\n   *\n   * @uniqueItems true\n   */\n",
    );
    expect(docComment("\n\tShown.\t\n", "")).toBe("/** \tShown. */\n");
  });

  it("writes several lines as a starred block, blank lines kept, trailing spaces and outer blank lines dropped", () => {
    expect(docComment("\nFirst  \r\n\r\nThird\rFourth\n", "  ")).toBe(
      "  /**\n   * First\n   *\n   * Third\n   * Fourth\n   */\n",
    );
  });

  it("cannot be closed early by */", () => {
    const doc = docComment("a */ b **/ c", "");
    expect(doc).toBe("/** a *\\/ b **\\/ c */\n");
    expect(doc.indexOf("*/")).toBe(doc.length - 3);
  });

  it("writes control characters, lone surrogates and invisible characters as visible escapes", () => {
    expect(docComment("a\u0000b\u0007c\u007fd\u0085e\u2028f\u202eg \ud800 \udc00", "")).toBe(
      "/** a\\u0000b\\u0007c\\u007fd\\u0085e\\u2028f\\u202eg \\ud800 \\udc00 */\n",
    );
  });

  it("writes the < of </script, <script and <!-- as an escape, so the comment is safe inlined in HTML", () => {
    expect(docComment("a </Script> <script <!-- <b>", "")).toBe(
      "/** a \\u003c/Script> \\u003cscript \\u003c!-- <b> */\n",
    );
  });

  it("keeps tabs, surrogate pairs and ordinary text as they are", () => {
    expect(docComment("tab\there \u{1f600} ${x} `y` @see", "")).toBe("/** tab\there \u{1f600} ${x} `y` @see */\n");
  });

  it("never swallows the declaration after it", () => {
    // If a comment ran on, it would hide the bad declaration and leave no error.
    const code = HOSTILE.map((s, i) => `${docComment(s, "")}export const n${i}: number = "not a number";\n`).join("");
    const errors = typecheck({ "/gen/docs.ts": code });
    expect(errors).toHaveLength(HOSTILE.length);
  });
});

describe("propertyKey", () => {
  it.each([
    ["name", "name"],
    ["_private$", "_private$"],
    ["default", "default"],
    ["a b", '"a b"'],
    ["1st", '"1st"'],
    ["", '""'],
    ["kebab-case", '"kebab-case"'],
    ["caf\u00e9", '"caf\u00e9"'],
    ["\u{1f600}", '"\u{1f600}"'],
    ['q"uote', '"q\\"uote"'],
    ["__proto__", '["__proto__"]'],
  ])("writes %j as %s", (name, key) => {
    expect(propertyKey(name)).toBe(key);
  });

  it("makes an own property of that name in an object literal, even __proto__", () => {
    for (const name of ["__proto__", "", "a b", "constructor", "\ud800"]) {
      const obj = evaluate(`{ ${propertyKey(name)}: 1 }`) as object;
      expect(Object.getOwnPropertyNames(obj)).toEqual([name]);
    }
  });

  it("declares the property in a type literal", () => {
    const names = ["__proto__", "", "a b", "1st", "\u{1f600}", "x\u2028y", "*/"];
    const members = names.map((n) => `${propertyKey(n)}: ${tsString(n)};`).join(" ");
    const values = names.map((n) => `${propertyKey(n)}: ${tsString(n)},`).join(" ");
    const code = `export type T = { ${members} };\nexport const t: T = { ${values} };\nexport const k: keyof T = "__proto__";\n`;
    expect(typecheck({ "/gen/keys.ts": code })).toEqual([]);
  });
});
