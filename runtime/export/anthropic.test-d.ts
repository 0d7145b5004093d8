import type { Tool, ToolUnion } from "@anthropic-ai/sdk/resources/messages";
import { expectTypeOf } from "vitest";
import type { RegisteredClientTool } from "../registry/types.js";
import type { AnthropicTool } from "./anthropic.js";
import { exportClientTools } from "./export-client-tools.js";

declare const registered: readonly RegisteredClientTool[];

const { tools } = exportClientTools(registered, "anthropic", { strict: true, securityRisk: true });
expectTypeOf(tools).toEqualTypeOf<AnthropicTool[]>();
expectTypeOf<AnthropicTool>().toExtend<Tool>();
const sdkTools: ToolUnion[] = tools;

export { sdkTools };
