import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { exportClientTools } from "../../export/export-client-tools.js";
import type { ClientToolContentResult } from "../../tool-spec/content-result.js";
import { type ClientToolMode, clientToolMode, unknownMode } from "../../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import type { ToolCallDispatch } from "../dispatch.js";

/**
 * Serves the client tools on an MCP SDK 1.x low-level `Server` (its `McpServer.registerTool`
 * takes only zod): `tools/list` lists each spec as written, with `title`, `outputSchema` and
 * `annotations`; `tools/call` goes through `dispatch` (the generated `dispatchToolCall` with
 * the app's handlers), and answers with the result as `structuredContent` for an awaited tool,
 * the handler's content as it is for a tool awaited without an outputSchema, the
 * acknowledgement for a fire-and-forget one, and `isError` with the message when the
 * arguments were invalid or the handler failed. Call it before `server.connect`.
 */
export function serveClientToolsOverMcp(
  server: Server,
  specs: Iterable<ClientToolSpec>,
  dispatch: ToolCallDispatch,
): void {
  // A private input's value goes to the server's broker through the runner: no MCP client is offered the tool.
  const list = [...specs].filter((spec) => spec.privateInput === undefined);
  const { tools } = exportClientTools(list, "mcp");
  const modes = new Map<string, ClientToolMode["mode"]>(list.map((spec) => [spec.name, clientToolMode(spec).mode]));
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const outcome = await dispatch(name, args ?? {}, { toolCallId: String(extra.requestId), signal: extra.signal });
    if (!outcome.ok) {
      // As the SDK's McpServer answers a tool it does not have.
      if (outcome.reason === "unknown_tool" || outcome.reason === "private_input")
        throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
      return { content: [{ type: "text", text: outcome.message }], isError: true };
    }
    const mode = modes.get(name)!;
    switch (mode) {
      case "fire-and-forget":
        return { content: [{ type: "text", text: String(outcome.output) }] };
      case "awaited-content": {
        const { content, isError } = outcome.output as ClientToolContentResult;
        return { content: [...content], ...(isError !== undefined && { isError }) };
      }
      case "private-input":
        // Not listed, and refused by the generated dispatch: never reached.
        return { content: [{ type: "text", text: JSON.stringify(outcome.output) }] };
      case "awaited": {
        const structuredContent = outcome.output as Record<string, unknown>;
        return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
      }
      default:
        return unknownMode(mode);
    }
  });
}
