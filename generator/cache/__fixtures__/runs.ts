import type { GenerateResult } from "../../generate.js";

/** An object schema whose one property is a `$ref` into client-tools/schemas/shapes.json. */
export const pointAt = { type: "object", properties: { at: { $ref: "./schemas/shapes.json#/$defs/point" } } };

/** A spec named `name`, with `extra` over its defaults. */
export const tool = (name: string, extra: object = {}): object => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: "object", properties: { x: { type: "string" } } },
  ...extra,
});

/** What a run gives that a user sees: each file's path and text, the problems, warnings and notes. */
export const seen = (result: GenerateResult) => ({
  files: result.files.map((file) => [file.path, file.contents]),
  diagnostics: result.diagnostics,
  warnings: result.warnings,
  notes: result.notes,
});
