import type { ClientToolContentResult } from "../tool-spec/content-result.js";
import { clientToolMode } from "../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { ClientCallOutcome } from "./outcome.js";
import type { ClientToolDifference } from "./tool-difference.js";

/** What the model sees for a client tool call (the OpenHands `ClientToolObservation` shape). */
export interface ClientToolObservation {
  readonly kind: "ClientToolObservation";
  readonly content: readonly { readonly type: "text"; readonly text: string }[];
  readonly is_error: boolean;
}

/** The text OpenHands shows the model for a fire-and-forget call; kept verbatim for wire compatibility. */
export const DISPATCHED_TEXT = "Tool call dispatched to client.";

/** The text the model sees once a fire-and-forget tool's call has reached the client. */
export type ClientToolAcknowledgement = typeof DISPATCHED_TEXT;

/**
 * Client-written text ends up in the model's context; a cap keeps one misbehaving client
 * from filling it.
 */
export const MAX_CLIENT_ERROR_CHARS = 2000;

/**
 * The observation for a fire-and-forget call: the same for every call. The call is taken
 * so that call sites read like `outcomeToObservation(outcome)`; nothing in it changes the text.
 */
export function acknowledgeClientToolCall(_call?: {
  readonly toolName: string;
  readonly toolCallId: string;
}): ClientToolObservation {
  return textObservation(DISPATCHED_TEXT, false);
}

/**
 * The observation for an awaited call's outcome; every non-ok outcome says what the model can do
 * next. Given the call's tool, a result of a tool awaited without an outputSchema (text for the
 * model, checked by the broker) becomes the observation's content as it is; any other result is
 * its JSON text.
 */
export function outcomeToObservation(
  outcome: ClientCallOutcome,
  tool?: Pick<ClientToolSpec, "outputSchema" | "awaited" | "privateInput">,
): ClientToolObservation {
  switch (outcome.status) {
    case "ok":
      if (tool !== undefined && clientToolMode(tool).mode === "awaited-content") {
        const { content, isError } = outcome.result as ClientToolContentResult;
        return { kind: "ClientToolObservation", content, is_error: isError === true };
      }
      // `undefined` has no JSON text; only an in-process caller can produce it.
      return textObservation(JSON.stringify(outcome.result) ?? "null", false);
    case "error":
      return textObservation(
        `The user's client could not run this tool and reported: ${quote(outcome.error)}. ` +
          (outcome.retryable
            ? "The problem may be temporary: you may call the tool again, or tell the user."
            : "Do not call it again with the same arguments; tell the user what failed or try another approach."),
        true,
      );
    case "timeout":
      return textObservation(
        `The user's client did not answer within ${seconds(outcome.timeoutSeconds)}, so the result is unknown: ` +
          "do not assume the action happened. The user may be away or " +
          "their app closed; ask the user, or call the tool again later.",
        true,
      );
    case "cancelled":
      if (outcome.dismissed === true) {
        return textObservation(
          "The user dismissed the request for their private input, so " +
            "nothing happened. Do not ask again unless the user wants to.",
          true,
        );
      }
      return textObservation(
        `The call was cancelled before the user's client answered ` +
          `(${quote(outcome.reason)}), so the result is unknown: ` +
          "do not assume the action happened. Do not call the tool again unless the user asks for it.",
        true,
      );
    case "unknown_outcome":
      return textObservation(
        `The call was interrupted (${quote(outcome.reason)}) after it may have ` +
          `reached the user's client, so nobody knows whether the action happened. ` +
          "Do not call the tool again on your own: tell the user, and ask them to check.",
        true,
      );
    case "invalid_arguments":
      return textObservation(
        `The arguments do not match the tool's parameters, so the call ` +
          `was not sent to the user's client: ${outcome.errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}. ` +
          "Call the tool again with arguments that match its schema.",
        true,
      );
    case "private_input_failed":
      return textObservation(
        outcome.reason === "invalid"
          ? "The private input the user gave did not match what the tool needs, as often as it " +
              "allows, so it was not used. Tell the user; call the tool again only if they ask."
          : "The server could not use the private input the user gave, so the action " +
              "did not happen. Tell the user; call the tool again only if they ask.",
        true,
      );
    case "client_out_of_date":
      return textObservation(
        `The user's page cannot run this tool: it is out of date ` +
          `(${outOfDate(outcome.differs)}), so the call was not sent to it. ` +
          "Do not call the tool again now: ask the user to reload the page (or update the app), then try again.",
        true,
      );
    case "denied":
      return textObservation(
        `The call was not sent to the user's client: ${quote(outcome.reason)}. ` +
          "Do not call this tool again with these arguments; continue without it or explain to the user.",
        true,
      );
  }
}

function outOfDate(differs: readonly ClientToolDifference[]): string {
  if (differs.includes("missing")) return "its code has no such tool";
  const what = differs.map((part) =>
    part === "mode" ? "how it is answered" : part === "parameters" ? "its parameters" : "its result's schema",
  );
  return `its code has another version of the tool, which differs in ${what.join(" and ")}`;
}

function textObservation(text: string, isError: boolean): ClientToolObservation {
  return { kind: "ClientToolObservation", content: [{ type: "text", text }], is_error: isError };
}

/** JSON quoting keeps client text visibly apart from ours (no sentence can be smuggled in unquoted). */
function quote(text: string): string {
  const capped = text.length > MAX_CLIENT_ERROR_CHARS ? `${text.slice(0, MAX_CLIENT_ERROR_CHARS)}…` : text;
  return JSON.stringify(capped);
}

function seconds(n: number): string {
  return n === 1 ? "1 second" : `${n} seconds`;
}
