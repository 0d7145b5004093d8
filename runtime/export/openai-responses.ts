import type { ExportedObjectSchema, ExportTargetDefinition } from "./types.js";

/** A Responses API function tool (the openai SDK's `FunctionTool`). */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: ExportedObjectSchema;
  /**
   * Always present: the Responses API treats a missing `strict` as true, so a tool that was
   * not asked to be strict (or does not qualify) says false.
   */
  strict: boolean;
}

export const openAIResponsesTarget: ExportTargetDefinition<OpenAIResponsesTool> = {
  strictMode: "openai",
  toTool: ({ spec, parameters, strict }) => ({
    type: "function",
    name: spec.name,
    description: spec.description,
    parameters,
    strict,
  }),
};
