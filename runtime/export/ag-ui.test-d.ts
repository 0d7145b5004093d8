import type { RunAgentInput, Tool } from "@ag-ui/core";
import { expectTypeOf } from "vitest";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { AgUiTool } from "./ag-ui.js";
import { exportClientTools } from "./export-client-tools.js";

declare const specs: readonly ClientToolSpec[];

const { tools } = exportClientTools(specs, "ag-ui", { summary: true, securityRisk: true });
expectTypeOf(tools).toEqualTypeOf<AgUiTool[]>();
expectTypeOf<AgUiTool>().toExtend<Tool>();
const sdkTools: RunAgentInput["tools"] = tools;

// @ts-expect-error: not a target
exportClientTools(specs, "cohere");

export { sdkTools };
