import type { FunctionDeclaration, Tool } from "@google/genai";
import { expectTypeOf } from "vitest";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { exportClientTools } from "./export-client-tools.js";
import type { GeminiFunctionDeclaration } from "./gemini.js";

declare const specs: readonly ClientToolSpec[];

const { tools } = exportClientTools(specs, "gemini", { summary: true });
expectTypeOf(tools).toEqualTypeOf<GeminiFunctionDeclaration[]>();
expectTypeOf<GeminiFunctionDeclaration>().toExtend<FunctionDeclaration>();
const sdkTool: Tool = { functionDeclarations: tools };

// @ts-expect-error: Gemini has no strict mode
exportClientTools(specs, "gemini", { strict: true });

export { sdkTool };
