/**
 * Spec text written to break out of wherever the generator puts it: a comment, a string
 * literal, a template literal, a script tag, a line. Each payload that could run as code does
 * something observable (sets a global, prints, exits), so a test that imports the generated
 * module sees it.
 */
export const PAYLOADS: readonly string[] = [
  "closes a comment */ globalThis.__hostile_1 = 1; /* and opens one",
  "/* opens a comment",
  "// a line comment\nglobalThis.__hostile_2 = 2;",
  "back`tick`; globalThis.__hostile_3 = 3; `",
  "${globalThis.__hostile_4 = 4} and ${console.log('template')}",
  "</script><script>globalThis.__hostile_5 = 5</script><!--",
  "line separator\u2028globalThis.__hostile_6 = 6;\u2029paragraph separator",
  'double quote"); console.log("double"); ("',
  "single quote'); console.log('single'); ('",
  "backslash at the end \\",
  '\\"); process.exit(7); //',
  "NUL\u0000 and other controls \u0001\u001f\u007f\u0085",
  "lone high \ud800 surrogate, lone low \udc00 surrogate, reversed \udc00\ud800",
  "emoji \u{1f600} and a combining e\u0301",
  "Trojan source \u202e}; globalThis.__hostile_8 = 8; {\u202c",
  "CRLF\r\nglobalThis.__hostile_9 = 9;\rCR",
];

/** Property names that are special to JavaScript, to TypeScript or to JSON pointers. */
export const PROPERTY_NAMES: readonly string[] = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "",
  "a b",
  "1st",
  "a-b",
  "a_b",
  'q"uote',
  "it's",
  "back`tick",
  "${x}",
  "*/",
  "a/b~c",
  "\u{1f600}",
  "line\u2028sep",
  "nul\u0000",
  "lone\ud800",
];

/** Tool names that are reserved words or special property names (all valid tool names). */
export const TOOL_NAMES: readonly string[] = [
  "delete",
  "default",
  "class",
  "await",
  "constructor",
  "__proto__",
  "toString",
  "_",
];

/** `key: value` for every pair, as an object whose "__proto__" key is an own key (JSON.parse makes it so). */
export function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** A regular expression (valid with the "u" flag) that matches `text` literally. */
function literalPattern(text: string): string {
  // Lone surrogates cannot be written literally under "u"; \u escapes can.
  return text
    .replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")
    .replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/**
 * A `$ref` to `$defs/<key>`: the JSON pointer token, percent-encoded as a URI fragment wants,
 * except lone surrogates, which have no UTF-8 and so no percent-encoding: they stay as they are.
 */
function refTo(key: string): string {
  const token = key.replaceAll("~", "~0").replaceAll("/", "~1");
  return `#/$defs/${[...token].map((ch) => (ch.length === 1 && /[\ud800-\udfff]/.test(ch) ? ch : encodeURIComponent(ch))).join("")}`;
}

/** A schema in which every string the generator copies into code is hostile. */
function hostileSchema(salt: number): Record<string, unknown> {
  const payload = (i: number): string => PAYLOADS[(i + salt) % PAYLOADS.length]!;
  const properties = PROPERTY_NAMES.map((name, i): [string, unknown] => [
    name,
    {
      title: payload(i),
      description: payload(i + 1),
      type: "string",
      enum: [name, payload(i), payload(i + 2)],
      default: name,
      examples: [payload(i + 3)],
      format: payload(i + 4),
      pattern: literalPattern(payload(i + 5)),
      $comment: payload(i + 6),
    },
  ]);
  const definitions = PROPERTY_NAMES.map((name, i): [string, unknown] => [
    name,
    { description: payload(i), const: objectOf([[name, payload(i)]]) },
  ]);
  return {
    title: payload(0),
    description: payload(1),
    type: "object",
    properties: objectOf([
      ...properties,
      ["kind", { description: "a parameter called kind travels as mcp_arg_kind", enum: PAYLOADS }],
      [
        "refs",
        {
          type: "object",
          properties: objectOf(PROPERTY_NAMES.map((name, i) => [name, { $ref: refTo(name), description: payload(i) }])),
        },
      ],
    ]),
    required: [...PROPERTY_NAMES, "kind"],
    additionalProperties: false,
    $defs: objectOf(definitions),
  };
}

/** The hostile corpus as spec files: file name -> JSON value (one spec, an array, a manifest). */
export function hostileSpecFiles(): Record<string, unknown> {
  const tools = TOOL_NAMES.map((name, i) => ({
    name,
    description: PAYLOADS[i % PAYLOADS.length]!,
    parameters: hostileSchema(i),
    ...(i % 2 === 0 && {
      outputSchema: hostileSchema(i + 7),
      annotations: { title: PAYLOADS[(i + 3) % PAYLOADS.length]!, readOnlyHint: false },
      permission: PAYLOADS[(i + 5) % PAYLOADS.length]!,
      timeoutSeconds: 1e-7,
    }),
  }));
  const [first, second, ...rest] = tools;
  return { "one.json": first, "array.json": [second], "manifest.json": { client_tools: rest } };
}
