import { parseClientToolSpec } from "../../tool-spec/parse.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";

/**
 * Specs whose schemas use a bit of everything the exporters must carry untouched: bounds,
 * enums, nested and closed objects, $defs with a recursive $ref, tuples, unknown vendor
 * keywords, a "__proto__" property, and client properties named like the overlays.
 */
const SOURCES: readonly unknown[] = [
  { name: "no_properties", description: "A root without properties.", parameters: { type: "object" } },
  { name: "empty", description: "No parameters at all." },
  {
    name: "open_file_viewer",
    description: "Open a file in the viewer panel.",
    parameters: {
      type: "object",
      properties: { file_path: { type: "string", minLength: 1 }, line: { type: "integer", minimum: 1, maximum: 1e6 } },
      required: ["file_path"],
      additionalProperties: false,
    },
  },
  {
    name: "set-theme",
    description: "Switch the colour theme.",
    parameters: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      "x-vendor-ui": { widget: "radio", order: [2, 1] },
      properties: {
        theme: { enum: ["light", "dark", null], default: "light", "x-enum-labels": ["Light", "Dark", "System"] },
        accent: { type: ["string", "null"], pattern: "^#[0-9a-f]{6}$", format: "color" },
        point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false },
      },
      required: [],
    },
  },
  {
    name: "edit_tree",
    description: "Edit a tree of nodes.",
    parameters: {
      type: "object",
      $defs: {
        node: {
          type: "object",
          properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["label", "children"],
          additionalProperties: false,
        },
      },
      properties: { root: { $ref: "#/$defs/node" }, mode: { anyOf: [{ const: "replace" }, { const: "merge" }] } },
      required: ["root", "mode"],
      additionalProperties: false,
      patternProperties: { "^x-": {} },
    },
  },
  {
    name: "own_summary",
    description: "Has its own summary and security_risk parameters.",
    parameters: {
      type: "object",
      properties: {
        summary: { type: "object", properties: { title: { type: "string" } }, description: "The client's own summary." },
        security_risk: { type: "integer" },
        ok: true,
      },
      required: ["summary"],
    },
  },
  {
    name: "read_location",
    description: "Read the user's location.",
    parameters: { type: "object", properties: { precise: { type: "boolean" } } },
    outputSchema: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } }, required: ["lat", "lon"] },
    annotations: { title: "Location", readOnlyHint: true, openWorldHint: false },
  },
  {
    name: "odd_keys",
    description: "Keys that are easy to get wrong.",
    parameters: JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"},"a/b~c":{"type":"null"},"":{"description":"empty name"}},"description":"Ünïcödé 😀 \\u0000"}',
    ) as unknown,
  },
];

export const CORPUS: readonly ClientToolSpec[] = SOURCES.map((source) => parseClientToolSpec(source));

export function corpusSpec(name: string): ClientToolSpec {
  const spec = CORPUS.find((candidate) => candidate.name === name);
  if (spec === undefined) throw new Error(`no corpus spec ${name}`);
  return spec;
}
