import type { ExportedObjectSchema, ExportTargetDefinition } from "./types.js";

/** A Messages API client tool (the @anthropic-ai/sdk `Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ExportedObjectSchema;
  /** Only when strict mode was asked for and the parameters qualify. */
  strict?: true;
}

export const anthropicTarget: ExportTargetDefinition<AnthropicTool> = {
  strictMode: "anthropic",
  toTool: ({ spec, parameters, strict }) =>
    strict
      ? { name: spec.name, description: spec.description, input_schema: parameters, strict: true }
      : { name: spec.name, description: spec.description, input_schema: parameters },
};
