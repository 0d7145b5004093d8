import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { type GenerateResult, generate } from "../../generate.js";

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

/** A run after the products store's index was removed. */
export async function generateWithoutIndex(
  cwd: string,
  options: { validators?: boolean } = {},
): Promise<Awaited<ReturnType<typeof generate>>> {
  const cacheFolder = path.join(cwd, "node_modules/.cache/gen-client-tools");
  for (const name of readdirSync(cacheFolder).filter((n) => n.startsWith("products-")))
    rmSync(path.join(cacheFolder, name));
  return generate({ cwd, ...options });
}
