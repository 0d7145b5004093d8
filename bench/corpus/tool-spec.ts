import type { JsonObject } from "../../runtime/util/json.js";
import type { SeededRandom } from "./random.js";
import { type Dialect, parametersSchema } from "./schema.js";
import { sentence, toolNameWords } from "./words.js";

/** Parameters schemas span 0.5 to 10 KB (compact JSON), log-uniform: mostly small, some large. */
export const MIN_PARAMETERS_BYTES = 512;
export const MAX_PARAMETERS_BYTES = 10 * 1024;

/**
 * One tool spec as a user writes it: about a third awaited (with an `outputSchema`), a fifth in
 * draft-07 (as zod-to-json-schema and many MCP servers write them), some with `inputSchema`
 * (MCP's spelling), annotations, a permission or a timeout. `index` makes the name unique.
 */
export function toolSpec(random: SeededRandom, index: number): JsonObject {
  const words = toolNameWords(random);
  const name = random.chance(0.05) ? `${words.replace("_", "-")}-${index}` : `${words}_${index}`;
  const dialect: Dialect = random.chance(0.2) ? "draft-07" : "2020-12";
  const parameters = parametersSchema(
    random,
    random.logUniform(MIN_PARAMETERS_BYTES, MAX_PARAMETERS_BYTES),
    dialect,
    random.chance(0.02),
  );
  const awaited = random.chance(0.35);
  return {
    name,
    description: sentence(random, random.int(8, 30)),
    [random.chance(0.2) ? "inputSchema" : "parameters"]: parameters,
    ...(awaited && { outputSchema: parametersSchema(random, random.logUniform(200, 2048), dialect, false) }),
    ...(random.chance(0.4) && {
      annotations: { title: sentence(random, 3).slice(0, -1), readOnlyHint: random.chance(0.5) },
    }),
    ...(random.chance(0.3) && { permission: `${words.split("_")[1]}.${words.split("_")[0]}` }),
    ...(awaited && random.chance(0.3) && { timeoutSeconds: random.pick([30, 60, 120]) }),
  };
}
