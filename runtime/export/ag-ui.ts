import type { ExportedObjectSchema, ExportTargetDefinition } from "./types.js";

/** An AG-UI tool (the @ag-ui/core `Tool`), as a frontend declares it in `RunAgentInput.tools`. */
export interface AgUiTool {
  name: string;
  description: string;
  parameters: ExportedObjectSchema;
}

export const agUiTarget: ExportTargetDefinition<AgUiTool> = {
  toTool: ({ spec, parameters }) => ({ name: spec.name, description: spec.description, parameters }),
};
