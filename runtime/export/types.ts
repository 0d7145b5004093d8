import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonObject, JsonSchema, SpecProblem } from "../util/json.js";
import type { StrictModeTarget } from "./strict.js";
import type { StrictTransform } from "./strict-compile.js";

/**
 * A tool's exported parameters (or output) schema: the spec's own object, typed as the
 * provider SDKs declare it. It is shared and frozen, not a copy: copy it before changing it.
 */
export interface ExportedObjectSchema {
  readonly type: "object";
  readonly properties?: { readonly [name: string]: JsonSchema };
  /** Mutable in type only, because that is how the SDKs declare it. */
  readonly required?: string[];
  readonly [keyword: string]: unknown;
}

/**
 * Something about one tool's export: as a warning, an overlay that was skipped; as an error's
 * problem, why the tool cannot be exported as asked.
 */
export interface ExportIssue extends SpecProblem {
  readonly tool: string;
  /** JSON pointer into the tool's spec, such as `/parameters/properties/summary`. */
  readonly pointer: string;
}

export interface ClientToolExport<Tool> {
  /** In the order given; fresh objects, so adding provider fields (such as `cache_control`) is fine. */
  readonly tools: Tool[];
  readonly warnings: readonly ExportIssue[];
  /**
   * With `strict: "compile"`: each tool exported as a strict variant derived from its spec, and every change made
   * (pointers into its parameters).
   */
  readonly compiled: readonly { readonly tool: string; readonly changes: readonly StrictTransform[] }[];
  /**
   * The model's arguments for a tool of this export, in the shape of the tool's own parameters
   * (`fromStrictArguments` for a compiled tool; as they are for any other). Hand the export to
   * the broker (`strictArguments`) or the generated `dispatchToolCall` to apply it to every call.
   */
  readonly fromStrictArguments: (toolName: string, args: unknown) => unknown;
}

/** One tool on its way out: its spec, its parameters with the overlays asked for, and whether strict mode applies. */
export interface PreparedTool {
  readonly spec: ClientToolSpec;
  readonly parameters: ExportedObjectSchema;
  /** True only when strict mode was asked for and the parameters qualify. */
  readonly strict: boolean;
}

/** How one provider target turns a prepared tool into its own tool shape. */
export interface ExportTargetDefinition<Tool> {
  /** The strict-mode rules of the target's provider; absent when the target has no strict mode. */
  readonly strictMode?: StrictModeTarget;
  /** What the target cannot carry as it is, at JSON pointers into the spec. */
  readonly problems?: (spec: ClientToolSpec) => readonly SpecProblem[];
  readonly toTool: (tool: PreparedTool) => Tool;
}

/**
 * The root of a parsed tool schema is `{"type": "object", ...}` (the parser checks it); this says so to the type
 * system.
 */
export function asObjectSchema(schema: JsonObject): ExportedObjectSchema {
  return schema as unknown as ExportedObjectSchema;
}
