import type { JsonObject } from "../util/json.js";

/** MCP tool annotations: hints only, never assumed when absent. */
export interface ClientToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** sha256 fingerprints (hex) of a spec's schemas, as precomputed by the generator. */
export interface ClientToolFingerprints {
  readonly parameters: string;
  readonly outputSchema?: string;
  /** Of the whole `privateInput` (its schema and its response), when the tool has one. */
  readonly privateInput?: string;
  /**
   * Earlier versions of the tool that pages may still run, each as a page's contract names a tool (`mode~parameters`
   * or `mode~parameters~answer`, 12 hex digits each): the generator lists a version only where it proved the change
   * safe for such a page (the new parameters valid under its schema, its answers valid under the new one), and the
   * server sends calls to those pages as to current ones.
   */
  readonly compatible?: readonly string[];
}

/**
 * A private value the client collects (a password, a token) for the server's own handler, never
 * for the model: `schema` describes it and is never exported to a model; `response` is what the
 * model sees once the handler has taken the value.
 */
export interface ClientToolPrivateInput extends JsonObject {
  readonly schema: JsonObject;
  readonly response: JsonObject;
}

/**
 * A client tool, as parsed: `inputSchema` has become `parameters`, and a missing
 * `parameters` has become the empty object schema. Everything else is as written.
 */
export interface ClientToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonObject;
  /** Present: an awaited tool whose result the client sends back. Absent: fire-and-forget, unless `awaited`. */
  readonly outputSchema?: JsonObject;
  /**
   * `true` without an `outputSchema`: awaited all the same, the client answering with text for
   * the model (`ClientToolContentResult`), as engines that declare client tools with
   * `handler: "client"` do. `false` is the default, and contradicts an `outputSchema`.
   */
  readonly awaited?: boolean;
  /**
   * Present: the client collects a private value that goes once to the server's handler
   * (`ClientInputHandlers`), never to the model, a store or a log; the model sees `response`.
   * Only the server's own registrations may have one; such a tool has no `outputSchema`.
   */
  readonly privateInput?: ClientToolPrivateInput;
  readonly annotations?: ClientToolAnnotations;
  readonly permission?: string;
  /** Awaited tools only; default {@link DEFAULT_TIMEOUT_SECONDS}. */
  readonly timeoutSeconds?: number;
  /** How many times an awaited call may be sent to the client; default 1 (no retry). */
  readonly maxAttempts?: number;
  /**
   * Awaited tools: what becomes of a call whose dispatching process died or whose client went
   * away; default the broker's (`"wait"` unless it says otherwise). See {@link ClientToolRecovery}.
   */
  readonly recovery?: ClientToolRecovery;
  /** Precomputed by the generator; checked, never trusted blindly. */
  readonly fingerprints?: ClientToolFingerprints;
}

/**
 * What becomes of an open call when the process that dispatched it died (the agent loop
 * dispatches it again) or the connection its client had closed:
 * - `"wait"`: it stays open until its deadline, and is offered again when the owner reconnects;
 * - `"redispatch"`: a new attempt is sent (only tools annotated idempotent or read-only);
 * - `"settle"`: it ends as `unknown_outcome`: the client may have acted, nobody knows.
 */
export type ClientToolRecovery = "wait" | "redispatch" | "settle";

export const CLIENT_TOOL_RECOVERIES: readonly ClientToolRecovery[] = ["wait", "redispatch", "settle"];

export const DEFAULT_TIMEOUT_SECONDS = 300;
export const DEFAULT_MAX_ATTEMPTS = 1;
