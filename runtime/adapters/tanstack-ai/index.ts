// @gen-client-tools/runtime/tanstack-ai: the client tools as TanStack AI tool definitions, and bound in the
// page to the generated handlers. @tanstack/ai is a peer dependency of this entry.

export type { ToolCallContext, ToolCallDispatch, ToolCallFailureReason, ToolCallOutcome } from "../dispatch.js";
export {
  type TanStackClientTool,
  type TanStackClientToolDefinition,
  type TanStackToolDefinitionsOptions,
  toTanStackClientTools,
  toTanStackToolDefinitions,
} from "./tools.js";
