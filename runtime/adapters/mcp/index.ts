// @gen-client-tools/runtime/mcp: the client tools served over MCP, calls carried to the generated
// handlers. `@modelcontextprotocol/sdk` is a peer dependency of this entry.

export type { ToolCallContext, ToolCallDispatch, ToolCallFailureReason, ToolCallOutcome } from "../dispatch.js";
export { callStateFromMcp, type McpAppToolNotification } from "./call-state.js";
export { serveClientToolsOverMcp } from "./serve.js";
