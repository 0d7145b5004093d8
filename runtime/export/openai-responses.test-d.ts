import type { FunctionTool, Tool } from "openai/resources/responses/responses";
import { expectTypeOf } from "vitest";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { exportClientTools } from "./export-client-tools.js";
import type { OpenAIResponsesTool } from "./openai-responses.js";

declare const specs: readonly ClientToolSpec[];

const { tools } = exportClientTools(specs, "openai-responses", { strict: true });
expectTypeOf(tools).toEqualTypeOf<OpenAIResponsesTool[]>();
expectTypeOf<OpenAIResponsesTool>().toExtend<FunctionTool>();
const sdkTools: Tool[] = tools;

export { sdkTools };
