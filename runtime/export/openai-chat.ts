import type { ExportedObjectSchema, ExportTargetDefinition } from "./types.js";

/** A Chat Completions function tool (the openai SDK's `ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
  type: "function";
  function: {
    name: string;
    description: string;
    parameters: ExportedObjectSchema;
    /** Only when strict mode was asked for and the parameters qualify; Chat Completions defaults to non-strict. */
    strict?: true;
  };
}

export const openAIChatTarget: ExportTargetDefinition<OpenAIChatTool> = {
  strictMode: "openai",
  toTool: ({ spec, parameters, strict }) => ({
    type: "function",
    function: strict
      ? { name: spec.name, description: spec.description, parameters, strict: true }
      : { name: spec.name, description: spec.description, parameters },
  }),
};
