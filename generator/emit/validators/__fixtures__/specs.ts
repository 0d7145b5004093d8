// Specs that reach every helper ajv's standalone code needs: formats (ajv-formats), maxLength
// (ucs2length), const and uniqueItems (equal), a draft-07 schema, a recursive $ref, and an
// `$id` that would end a comment early.

export const contact = {
  name: "save_contact",
  description: "Save a contact; the user confirms.",
  parameters: {
    type: "object",
    properties: {
      name: { type: "string", maxLength: 3 },
      email: { type: "string", format: "email" },
      met: { type: "string", format: "date-time" },
      origin: { const: { source: "agent" } },
      tags: { type: "array", items: { type: "string" }, uniqueItems: true },
    },
    required: ["name"],
  },
  outputSchema: { type: "object", properties: { saved: { type: "boolean" } }, required: ["saved"], additionalProperties: false },
} as const;

export const legacy = {
  name: "legacy-pair",
  description: "A draft-07 tool: items as a tuple, dependencies.",
  parameters: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: { pair: { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false } },
    dependencies: { street: ["city"] },
  },
} as const;

export const tree = {
  name: "show_tree",
  description: "Show a tree.",
  parameters: {
    type: "object",
    properties: { root: { $ref: "#/$defs/node" } },
    required: ["root"],
    $defs: { node: { type: "object", properties: { title: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } }, required: ["title"] } },
  },
} as const;

export const hostileId = {
  name: "hostile_id",
  description: "An $id with */ in it: ajv writes it into a comment.",
  parameters: { $id: "https://example.com/a*/globalThis.pwned=1;/*", type: "object", properties: { n: { type: "integer" } } },
} as const;

export const allSpecs = { "contact.json": contact, "legacy.json": legacy, "tree.json": tree, "hostile.json": hostileId };

/** Data for each validator: [tool, args or result, data, the instancePaths of its errors ([] when valid)]. */
export const cases: readonly (readonly [string, "args" | "result", unknown, readonly string[]])[] = [
  ["save_contact", "args", { name: "Ann", email: "ann@example.com", met: "2025-01-01T10:00:00Z", origin: { source: "agent" }, tags: ["a", "b"] }, []],
  // Four UTF-16 code units, but three characters: maxLength counts characters.
  ["save_contact", "args", { name: "A😀b" }, []],
  ["save_contact", "args", { name: "Anna", email: "nope", met: "yesterday", origin: { source: "user" }, tags: ["a", "a"] }, ["/name", "/email", "/met", "/origin", "/tags"]],
  ["save_contact", "args", {}, [""]],
  ["save_contact", "result", { saved: true }, []],
  ["save_contact", "result", { saved: "yes", extra: 1 }, ["", "/saved"]],
  ["legacy-pair", "args", { pair: ["x", 1] }, []],
  ["legacy-pair", "args", { pair: ["x", 1, true], street: "Main St" }, ["", "/pair"]],
  ["show_tree", "args", { root: { title: "a", children: [{ title: "b", children: [{ title: "c" }] }] } }, []],
  ["show_tree", "args", { root: { title: "a", children: [{ children: [] }] } }, ["/root/children/0"]],
  ["hostile_id", "args", { n: 1 }, []],
  ["hostile_id", "args", { n: 1.5 }, ["/n"]],
];
