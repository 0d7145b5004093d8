import { checkClientToolPermission, type ClientToolPrincipal } from "../calls/permission.js";
import type { RegisteredClientTool } from "../registry/types.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { agUiTarget, type AgUiTool } from "./ag-ui.js";
import { anthropicTarget, type AnthropicTool } from "./anthropic.js";
import { ClientToolExportError } from "./errors.js";
import { geminiTarget, type GeminiFunctionDeclaration } from "./gemini.js";
import { mcpTarget, type McpTool } from "./mcp.js";
import { openAIChatTarget, type OpenAIChatTool } from "./openai-chat.js";
import { openAIResponsesTarget, type OpenAIResponsesTool } from "./openai-responses.js";
import { applyOverlays, type OverlayOptions } from "./overlays.js";
import { analyzeStrictCompatibility } from "./strict.js";
import { asObjectSchema, type ClientToolExport, type ExportIssue, type ExportTargetDefinition } from "./types.js";

/** Each export target and the tool shape it produces. */
export interface ExportTargetTools {
  "openai-chat": OpenAIChatTool;
  "openai-responses": OpenAIResponsesTool;
  anthropic: AnthropicTool;
  gemini: GeminiFunctionDeclaration;
  mcp: McpTool;
  "ag-ui": AgUiTool;
}

export type ExportTarget = keyof ExportTargetTools;

/** The targets whose provider has a strict mode. */
export type StrictModeCapableTarget = "openai-chat" | "openai-responses" | "anthropic";

export interface StrictModeOption {
  /**
   * Ask the provider to constrain the model's arguments to the schema (`analyzeStrictCompatibility`
   * says which schemas qualify; nothing is rewritten to make one pass):
   * - `true`: every tool strict; when any does not qualify, the export fails with every problem listed;
   * - `"auto"`: each tool strict where it qualifies, and a warning with the reasons for each that does not;
   * - `false` (the default): none.
   * Overlays asked for fit a strict tool: required and nullable, where they are otherwise optional.
   */
  readonly strict?: boolean | "auto";
}

export interface PrincipalOption {
  /**
   * Export only the tools this principal may use: those whose `permission` it holds (a tool
   * without a `permission` is left out). Without a principal every tool is exported. Pass
   * the same principal to `broker.dispatch`, which checks again.
   */
  readonly principal?: ClientToolPrincipal;
}

/** Overlays and a principal for every target; `strict` only where the provider has a strict mode. */
export type ExportOptions<T extends ExportTarget> = OverlayOptions & PrincipalOption & (T extends StrictModeCapableTarget ? StrictModeOption : unknown);

const TARGETS: { readonly [T in ExportTarget]: ExportTargetDefinition<ExportTargetTools[T]> } = {
  "openai-chat": openAIChatTarget,
  "openai-responses": openAIResponsesTarget,
  anthropic: anthropicTarget,
  gemini: geminiTarget,
  mcp: mcpTarget,
  "ag-ui": agUiTarget,
};

/**
 * The tools in the target provider's own shape (under a `principal`, only those it may use).
 * Each parameters schema is the spec's own object, key for key (unknown vendor keywords
 * included), plus only the overlays asked for; without overlays nothing is copied. Throws
 * `ClientToolExportError` listing every problem when strict mode was asked for and a tool
 * does not qualify, or when the target cannot carry a schema as it is.
 */
export function exportClientTools<T extends ExportTarget>(
  tools: Iterable<ClientToolSpec | RegisteredClientTool>,
  target: T,
  options?: ExportOptions<T>,
): ClientToolExport<ExportTargetTools[T]> {
  const definition = TARGETS[target] as ExportTargetDefinition<ExportTargetTools[T]> | undefined;
  if (definition === undefined) throw new TypeError(`Unknown export target ${JSON.stringify(target)}: use one of ${Object.keys(TARGETS).join(", ")}.`);
  const { strict = false, principal, ...overlays } = (options ?? {}) as OverlayOptions & PrincipalOption & StrictModeOption;
  if (strict !== true && strict !== false && strict !== "auto") throw new TypeError(`strict is true, false or "auto", got ${JSON.stringify(strict)}.`);
  const strictMode = strict === false ? undefined : definition.strictMode;
  if (strict !== false && strictMode === undefined) throw new TypeError(`The ${target} target has no strict mode.`);

  const exported: ExportTargetTools[T][] = [];
  const warnings: ExportIssue[] = [];
  const problems: ExportIssue[] = [];
  for (const item of tools) {
    const spec = "spec" in item ? item.spec : item;
    const refused = checkClientToolPermission(spec, principal);
    if (refused !== undefined) {
      // A tool someone forgot to tag disappears from every principal's export: say so.
      if (spec.permission === undefined) warnings.push({ tool: spec.name, pointer: "/permission", message: `left out of this export under a principal: the tool has no "permission", so no principal may use it; give it one` });
      continue;
    }
    const overlayWarnings: ExportIssue[] = [];
    let parameters = applyOverlays(spec, overlays, overlayWarnings, strictMode !== undefined);
    const strictProblems = strictMode === undefined ? [] : analyzeStrictCompatibility(parameters, strictMode);
    const located = strictProblems.map((problem) => ({ tool: spec.name, pointer: `/parameters${problem.pointer}`, message: problem.message }));
    if (strict === true) problems.push(...located);
    if (strict === "auto" && located.length > 0) {
      warnings.push(...located.map((problem) => ({ ...problem, message: `exported without strict mode: ${problem.message}` })));
      // Not strict after all: the overlays as a tool without strict mode has them.
      overlayWarnings.length = 0;
      parameters = applyOverlays(spec, overlays, overlayWarnings);
    }
    warnings.push(...overlayWarnings);
    for (const problem of definition.problems?.(spec) ?? []) problems.push({ tool: spec.name, ...problem });
    exported.push(definition.toTool({ spec, parameters: asObjectSchema(parameters), strict: strictMode !== undefined && strictProblems.length === 0 }));
  }
  if (problems.length > 0) throw new ClientToolExportError(target, problems);
  return { tools: exported, warnings };
}
