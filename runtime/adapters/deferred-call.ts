import { clientToolMode } from "../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { type ClientToolObservation, outcomeToObservation } from "../wire/observation.js";
import type { ClientCallOutcome } from "../wire/outcome.js";
import { isClientToolDifferences } from "../wire/tool-difference.js";
import type { CompiledValidator } from "../wire/validation.js";
import type { ToolCallOutcome } from "./dispatch.js";
import { validationReasons } from "./tool-input.js";

/**
 * Carries a call to the client within the run instead of stopping the run on it: the broker's
 * `dispatch`, or any function resolving to the call's outcome.
 */
export type DeferredCallDispatch = (call: {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly args: unknown;
  readonly signal?: AbortSignal;
}) => Promise<DeferredClientToolAnswer["outcome"]>;

/**
 * The answer to a call the run stopped on, as the server got it back: the generated
 * `dispatchToolCall`'s outcome from the page, or the broker's outcome (`broker.dispatch`).
 * Either is checked again here (a page is not trusted): a result against the tool's result
 * validator, every other field for its type.
 */
export interface DeferredClientToolAnswer {
  readonly toolCallId: string;
  readonly outcome: ToolCallOutcome | ClientCallOutcome;
}

/**
 * What the model sees for an answer to a call of this tool: the result as JSON (or an awaited
 * tool's text), or the failure's text. A result the validator refuses, or an answer of no known
 * shape, is a failure the model is told of; nothing else of the answer reaches it.
 */
export function answerObservation(
  spec: ClientToolSpec,
  outcome: unknown,
  resultValidator: CompiledValidator | undefined,
): ClientToolObservation {
  return outcomeToObservation(checkedOutcome(spec, outcome, resultValidator), spec);
}

/** The observation's text, for a framework whose tool output is one string. */
export function observationText(observation: ClientToolObservation): string {
  return observation.content.map((part) => part.text).join("\n");
}

function checkedOutcome(
  spec: ClientToolSpec,
  outcome: unknown,
  validator: CompiledValidator | undefined,
): ClientCallOutcome {
  if (typeof outcome !== "object" || outcome === null) return malformed();
  const fields = outcome as { readonly [key: string]: unknown };
  if (fields["ok"] === true || fields["status"] === "ok") return checkedResult(spec, fields["result"], validator);
  if (fields["ok"] === false)
    return typeof fields["message"] === "string"
      ? { status: "error", error: fields["message"], retryable: false }
      : malformed();
  switch (fields["status"]) {
    case "error":
      return typeof fields["error"] === "string"
        ? { status: "error", error: fields["error"], retryable: fields["retryable"] === true }
        : malformed();
    case "timeout":
      return typeof fields["timeoutSeconds"] === "number" && Number.isFinite(fields["timeoutSeconds"])
        ? { status: "timeout", timeoutSeconds: fields["timeoutSeconds"] }
        : malformed();
    case "cancelled":
    case "unknown_outcome":
    case "denied":
      return typeof fields["reason"] === "string"
        ? { status: fields["status"], reason: fields["reason"] }
        : malformed();
    case "client_out_of_date":
      return isClientToolDifferences(fields["differs"])
        ? { status: "client_out_of_date", differs: fields["differs"] }
        : malformed();
    default:
      return malformed();
  }
}

function checkedResult(
  spec: ClientToolSpec,
  result: unknown,
  validator: CompiledValidator | undefined,
): ClientCallOutcome {
  if (validator !== undefined && !validator(result)) {
    return {
      status: "error",
      error: `its result does not match the tool's result schema: ${validationReasons(validator)}`,
      retryable: false,
    };
  }
  if (clientToolMode(spec).mode === "awaited-content" && !isContentResult(result)) {
    return {
      status: "error",
      error: 'its result is not text for the model ({ content: [{ type: "text", text }] })',
      retryable: false,
    };
  }
  return { status: "ok", result };
}

function isContentResult(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { content, isError } = value as { readonly content?: unknown; readonly isError?: unknown };
  if (isError !== undefined && typeof isError !== "boolean") return false;
  return (
    Array.isArray(content) &&
    content.every(
      (part: unknown) =>
        typeof part === "object" &&
        part !== null &&
        (part as { type?: unknown }).type === "text" &&
        typeof (part as { text?: unknown }).text === "string",
    )
  );
}

function malformed(): ClientCallOutcome {
  return { status: "error", error: "the client's answer has no known shape", retryable: false };
}
