import type {
  ClientToolFingerprints,
  ClientToolPrivateInput,
  ClientToolSpec,
  JsonObject,
} from "@gen-client-tools/runtime/core";
import type { ToolSource } from "../check/check-specs.js";

/** What every tool's model holds, whatever its mode. */
interface ToolModelBase {
  /** As written in the spec (`set-theme`). */
  readonly name: string;
  /** The name as an identifier fragment (`set_theme`), used in `ClientAction_<id>`. */
  readonly id: string;
  /** PascalCase stem of the tool's type names (`SetTheme`). */
  readonly pascal: string;
  /** The checked spec, its schemas self-contained (file `$ref`s bundled). */
  readonly spec: ClientToolSpec;
  readonly fingerprints: ClientToolFingerprints;
  /** The tool's version as a page's contract names it (`mode~parameters[~answer]`, see clientToolVersionOf). */
  readonly version: string;
  /** Where the spec was written, for messages. */
  readonly source: ToolSource;
  /** Whether the parameters declare an argument named `mcp_arg_kind` and none named `kind` (see handlers-file.ts). */
  readonly ownMcpArgKind: boolean;
}

/** A tool whose call ends once the client is told (the model sees "Tool call dispatched to client."). */
export interface FireAndForgetToolModel extends ToolModelBase {
  readonly mode: "fire-and-forget";
  readonly types: { readonly args: string; readonly partialArgs: string; readonly action: string };
}

/** A tool whose call ends with the client's result, checked against its `outputSchema`. */
export interface AwaitedToolModel extends ToolModelBase {
  readonly mode: "awaited";
  readonly spec: ClientToolSpec & { readonly outputSchema: JsonObject };
  readonly types: {
    readonly args: string;
    readonly partialArgs: string;
    readonly result: string;
    readonly action: string;
  };
}

/**
 * A tool awaited without an `outputSchema` (`"awaited": true`): the client answers with text for
 * the model, `ClientToolContentResult`, checked against `CONTENT_RESULT_SCHEMA`.
 */
export interface AwaitedContentToolModel extends ToolModelBase {
  readonly mode: "awaited-content";
  readonly types: {
    readonly args: string;
    readonly partialArgs: string;
    readonly result: string;
    readonly action: string;
  };
}

/**
 * A tool whose client collects a private value for the server's handler (`ClientInputHandlers`):
 * the client's handler returns the value (`privateInput`, checked against `privateInput.schema`),
 * and the call gives the model the spec's `response` (`result`).
 */
export interface PrivateInputToolModel extends ToolModelBase {
  readonly mode: "private-input";
  readonly spec: ClientToolSpec & { readonly privateInput: ClientToolPrivateInput };
  readonly types: {
    readonly args: string;
    readonly partialArgs: string;
    readonly result: string;
    readonly privateInput: string;
    readonly action: string;
  };
}

/**
 * Everything the emitters know about one tool; they never look at files or raw schemas again. The schemas are read
 * from the spec where they are needed: a spec the last run found right is parsed only then (see deferredSpec).
 * The modes are the model's taxonomy: code that treats them differently switches on `mode`,
 * exhaustively (`unknownMode` in the default), so a new mode is handled everywhere or fails to compile.
 */
export type ToolModel = FireAndForgetToolModel | AwaitedToolModel | AwaitedContentToolModel | PrivateInputToolModel;
