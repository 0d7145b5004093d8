import type { RegisteredClientTool } from "../registry/types.js";
import { type ClientToolPrincipal, checkClientToolPermission } from "../tool-spec/permission.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonObject } from "../util/json.js";
import { type AgUiTool, agUiTarget } from "./ag-ui.js";
import { type AnthropicTool, anthropicTarget } from "./anthropic.js";
import { ClientToolExportError } from "./errors.js";
import { type GeminiFunctionDeclaration, geminiTarget } from "./gemini.js";
import { type McpTool, mcpTarget } from "./mcp.js";
import { type OpenAIChatTool, openAIChatTarget } from "./openai-chat.js";
import { type OpenAIResponsesTool, openAIResponsesTarget } from "./openai-responses.js";
import { applyOverlays, type OverlayOptions } from "./overlays.js";
import { analyzeStrictCompatibility, type StrictModeTarget } from "./strict.js";
import { fromStrictArguments, strictCompilationOf } from "./strict-arguments.js";
import type { StrictTransform } from "./strict-compile.js";
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
   * - `"compile"`: each tool strict as it is where it qualifies, else as a variant derived from it
   *   (`compileStrictVariant`: the changes are in the export's `compiled`); a tool no variant fits
   *   is exported without strict mode, with a warning for each reason. The spec stays the tool's
   *   identity: map the model's arguments back with the export's `fromStrictArguments`;
   * - `false` (the default): none.
   * Overlays asked for fit a strict tool: required and nullable, where they are otherwise optional.
   */
  readonly strict?: boolean | "auto" | "compile";
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
export type ExportOptions<T extends ExportTarget> = OverlayOptions &
  PrincipalOption &
  (T extends StrictModeCapableTarget ? StrictModeOption : unknown);

const TARGETS: { readonly [T in ExportTarget]: ExportTargetDefinition<ExportTargetTools[T]> } = {
  "openai-chat": openAIChatTarget,
  "openai-responses": openAIResponsesTarget,
  anthropic: anthropicTarget,
  gemini: geminiTarget,
  mcp: mcpTarget,
  "ag-ui": agUiTarget,
};

type StrictRequest = Exclude<StrictModeOption["strict"], false | undefined>;

interface Findings {
  readonly warnings: ExportIssue[];
  readonly problems: ExportIssue[];
  readonly compiled: { tool: string; changes: readonly StrictTransform[] }[];
}

/**
 * A tool's parameters when strict mode was asked for, and whether it gets it: as it qualifies, as its compiled variant,
 * or without.
 */
function prepareStrict(
  spec: ClientToolSpec,
  strict: StrictRequest,
  target: StrictModeTarget,
  overlays: OverlayOptions,
  findings: Findings,
): { parameters: JsonObject; strict: boolean } {
  const compilation = strict === "compile" ? strictCompilationOf(spec.parameters, target) : undefined;
  if (compilation?.kind === "compiled") {
    findings.compiled.push({ tool: spec.name, changes: compilation.changes });
    return {
      parameters: applyOverlays({ ...spec, parameters: compilation.schema }, overlays, findings.warnings, true),
      strict: true,
    };
  }
  const overlayWarnings: ExportIssue[] = [];
  const parameters = applyOverlays(spec, overlays, overlayWarnings, true);
  const located = analyzeStrictCompatibility(parameters, target).map((problem) => ({
    tool: spec.name,
    pointer: `/parameters${problem.pointer}`,
    message: problem.message,
  }));
  if (located.length === 0 || strict === true) {
    findings.warnings.push(...overlayWarnings);
    findings.problems.push(...located);
    return { parameters, strict: located.length === 0 };
  }
  // With "compile", the reasons no variant fits; with "auto", the reasons the tool does not qualify as it is.
  const reasons =
    compilation?.kind === "refused"
      ? compilation.problems.map((problem) => ({
          tool: spec.name,
          pointer: `/parameters${problem.pointer}`,
          message: `no strict variant: ${problem.message}`,
        }))
      : located;
  findings.warnings.push(
    ...reasons.map((problem) => ({ ...problem, message: `exported without strict mode: ${problem.message}` })),
  );
  // Not strict after all: the overlays as a tool without strict mode has them.
  return { parameters: applyOverlays(spec, overlays, findings.warnings), strict: false };
}

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
  if (definition === undefined)
    throw new TypeError(
      `Unknown export target ${JSON.stringify(target)}: use one of ${Object.keys(TARGETS).join(", ")}.`,
    );
  const {
    strict = false,
    principal,
    ...overlays
  } = (options ?? {}) as OverlayOptions & PrincipalOption & StrictModeOption;
  if (strict !== true && strict !== false && strict !== "auto" && strict !== "compile")
    throw new TypeError(`strict is true, false, "auto" or "compile", got ${JSON.stringify(strict)}.`);
  const strictMode = strict === false ? undefined : definition.strictMode;
  if (strict !== false && strictMode === undefined) throw new TypeError(`The ${target} target has no strict mode.`);

  const exported: ExportTargetTools[T][] = [];
  const warnings: ExportIssue[] = [];
  const problems: ExportIssue[] = [];
  const compiled: { tool: string; changes: readonly StrictTransform[] }[] = [];
  // Only a compiled tool's arguments need its spec to be mapped back.
  const specsByName = strict === "compile" ? new Map<string, ClientToolSpec>() : undefined;
  for (const item of tools) {
    const spec = "spec" in item ? item.spec : item;
    const refused = checkClientToolPermission(spec, principal);
    if (refused !== undefined) {
      // A tool someone forgot to tag disappears from every principal's export: say so.
      if (spec.permission === undefined)
        warnings.push({
          tool: spec.name,
          pointer: "/permission",
          message:
            `left out of this export under a principal: the tool has ` +
            `no "permission", so no principal may use it; give it one`,
        });
      continue;
    }
    specsByName?.set(spec.name, spec);
    const prepared =
      strictMode === undefined
        ? { parameters: applyOverlays(spec, overlays, warnings), strict: false }
        : prepareStrict(spec, strict as StrictRequest, strictMode, overlays, { warnings, problems, compiled });
    for (const problem of definition.problems?.(spec) ?? []) problems.push({ tool: spec.name, ...problem });
    exported.push(
      definition.toTool({ spec, parameters: asObjectSchema(prepared.parameters), strict: prepared.strict }),
    );
  }
  if (problems.length > 0) throw new ClientToolExportError(target, problems);
  if (compiled.length === 0) return { tools: exported, warnings, compiled, fromStrictArguments: argumentsAsTheyAre };
  const compiledNames = new Set(compiled.map((entry) => entry.tool));
  const fromStrict = (toolName: string, args: unknown): unknown => {
    const spec = specsByName?.get(toolName);
    return spec !== undefined && compiledNames.has(toolName) ? fromStrictArguments(spec, strictMode!, args) : args;
  };
  return { tools: exported, warnings, compiled, fromStrictArguments: fromStrict };
}

/** An export without compiled variants hands the model's arguments on as they are. */
function argumentsAsTheyAre(_toolName: string, args: unknown): unknown {
  return args;
}
