import type { ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { expectTypeOf } from "vitest";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { exportClientTools } from "./export-client-tools.js";
import type { McpTool } from "./mcp.js";

declare const specs: readonly ClientToolSpec[];

const { tools } = exportClientTools(specs, "mcp");
expectTypeOf(tools).toEqualTypeOf<McpTool[]>();
expectTypeOf<McpTool>().toExtend<Tool>();
const result: ListToolsResult = { tools };

// @ts-expect-error: MCP has no strict mode
exportClientTools(specs, "mcp", { strict: false });

export { result };
