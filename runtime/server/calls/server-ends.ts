import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { BrokerParts } from "./broker-parts.js";
import type { HeardCalls } from "./heard-calls.js";

const CLIENT_GONE = "the user's client disconnected while the call was open";

/** Ends the owner's call with `outcome` if it is open; `false` when it was not. */
export async function endOpenCall(
  parts: BrokerParts,
  call: { readonly requestId: string; readonly owner: string },
  outcome: ClientCallOutcome,
): Promise<boolean> {
  for (;;) {
    const stored = await parts.store.get(call.requestId, call.owner);
    if (stored?.state !== "open") return false;
    if (await parts.lifecycle.endIfOpen(stored, outcome)) return true;
    // Lost to an answer or a re-send in between: look again.
  }
}

/**
 * The calls a closed connection was sent, each still open recovered by its tool's policy; a
 * store failure is reported, and the call stays open.
 */
export async function recoverDisconnected(
  parts: BrokerParts,
  heard: HeardCalls,
  input: { readonly owner: string; readonly requestIds: readonly string[] },
): Promise<void> {
  await Promise.all(
    input.requestIds.map(async (requestId) => {
      // A call heard of with the "wait" policy stays as it is: no need to read it.
      if (heard.get(requestId)?.tool?.recovery === "wait") return;
      try {
        const stored = await parts.store.get(requestId, input.owner);
        if (stored?.state === "open") await parts.lifecycle.recover(stored, CLIENT_GONE);
      } catch (error) {
        parts.report(error, "recovering a call whose client disconnected failed; it stays open");
      }
    }),
  );
}
