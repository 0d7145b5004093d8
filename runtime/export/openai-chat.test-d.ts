import type { ChatCompletionFunctionTool, ChatCompletionTool } from "openai/resources/chat/completions";
import { expectTypeOf } from "vitest";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { exportClientTools } from "./export-client-tools.js";
import type { OpenAIChatTool } from "./openai-chat.js";

declare const specs: readonly ClientToolSpec[];

const { tools } = exportClientTools(specs, "openai-chat", { strict: true, summary: true });
expectTypeOf(tools).toEqualTypeOf<OpenAIChatTool[]>();
expectTypeOf<OpenAIChatTool>().toExtend<ChatCompletionFunctionTool>();
const sdkTools: ChatCompletionTool[] = tools;

// @ts-expect-error: only the overlays and strict are options
exportClientTools(specs, "openai-chat", { stict: true });

export { sdkTools };
