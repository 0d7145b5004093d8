import type { JsonObject, SpecProblem } from "../util/json.js";
import { anthropicStrictProblems } from "./strict-anthropic.js";
import { openAiStrictProblems } from "./strict-openai.js";

/** The providers whose strict mode (constrained decoding of tool arguments) is analyzed. */
export type StrictModeTarget = "openai" | "anthropic";

const RULES: { readonly [T in StrictModeTarget]: (schema: JsonObject) => SpecProblem[] } = {
  openai: openAiStrictProblems,
  anthropic: anthropicStrictProblems,
};

/**
 * What keeps a parameters schema from the provider's strict mode, each at a JSON pointer into
 * the schema; empty when it qualifies. The schema is only read: making it pass (requiring
 * every property, closing objects) changes what the tool accepts, so that is for its author.
 */
export function analyzeStrictCompatibility(schema: JsonObject, target: StrictModeTarget): readonly SpecProblem[] {
  const rules = RULES[target];
  if (rules === undefined)
    throw new TypeError(`Unknown strict mode target ${JSON.stringify(target)}: use "openai" or "anthropic".`);
  return rules(schema);
}
