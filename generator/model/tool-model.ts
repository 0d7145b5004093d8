import type { ClientToolFingerprints, ClientToolSpec } from "../../runtime/tool-spec/types.js";
import type { ToolSource } from "../check/check-specs.js";

export type ToolMode = "fire-and-forget" | "awaited";

/** Everything the emitters know about one tool; they never look at files or raw schemas again. */
export interface ToolModel {
  /** As written in the spec (`set-theme`). */
  readonly name: string;
  /** The name as an identifier fragment (`set_theme`), used in `ClientAction_<id>`. */
  readonly id: string;
  /** PascalCase stem of the tool's type names (`SetTheme`). */
  readonly pascal: string;
  readonly mode: ToolMode;
  /** The checked spec, its schemas self-contained (file `$ref`s bundled). */
  readonly spec: ClientToolSpec;
  readonly fingerprints: ClientToolFingerprints;
  readonly types: {
    readonly args: string;
    readonly result?: string;
    readonly action: string;
  };
  /** Where the spec was written, for messages. */
  readonly source: ToolSource;
}
