import { type CustomEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { type ClientToolContract, parseClientToolContract } from "../../wire/client-tool-contract.js";
import { decodeClientToolMismatch } from "../../wire/decode-request.js";
import { ClientToolContractMalformedError } from "../../wire/errors.js";
import type { ClientToolMismatchMessage } from "../../wire/messages.js";

/**
 * The `forwardedProps` key a frontend sends its contract under: `agent.runAgent({ forwardedProps: { clientToolContract
 * } })`.
 */
export const AG_UI_CONTRACT_PROP = "clientToolContract";

/** The CUSTOM event's name that carries a `client_tool.mismatch` message to the frontend. */
export const AG_UI_MISMATCH_EVENT = "client_tool.mismatch";

/**
 * The frontend's contract (its generated `clientToolContract`) from a run's input, or `undefined`
 * when it sent none. Throws `ClientToolContractMalformedError` (400) for anything else there.
 */
export function agUiClientToolContract(input: Pick<RunAgentInput, "forwardedProps">): ClientToolContract | undefined {
  const props: unknown = input.forwardedProps;
  if (typeof props !== "object" || props === null || !Object.hasOwn(props, AG_UI_CONTRACT_PROP)) return undefined;
  const text: unknown = (props as Record<string, unknown>)[AG_UI_CONTRACT_PROP];
  if (typeof text !== "string")
    throw new ClientToolContractMalformedError(`forwardedProps.${AG_UI_CONTRACT_PROP} is not a string`);
  return parseClientToolContract(text);
}

/** A call the frontend cannot run, as the CUSTOM event that tells it (instead of the call's TOOL_CALL events). */
export function toAgUiMismatchEvent(message: Omit<ClientToolMismatchMessage, "type">): CustomEvent {
  return { type: EventType.CUSTOM, name: AG_UI_MISMATCH_EVENT, value: { type: "client_tool.mismatch", ...message } };
}

/** The message a CUSTOM event carries, or `undefined` for any other event. */
export function fromAgUiMismatchEvent(
  event: Pick<CustomEvent, "name" | "value">,
): ClientToolMismatchMessage | undefined {
  return event.name === AG_UI_MISMATCH_EVENT ? decodeClientToolMismatch(event.value) : undefined;
}
