import type { ClientCallBroker } from "../../broker.js";
import type { ClientToolCancelledMessage, ClientToolRequest } from "../../messages.js";
import type { PendingCallFilter, PendingCall } from "../../store.js";

/** Where a connection's share of the broker's traffic goes. */
export interface OwnerFeedSink {
  readonly requested: (request: ClientToolRequest) => void;
  /** The server stopped waiting for one of the owner's calls (timed out or cancelled): the client's handler should stop. */
  readonly cancelled: (message: ClientToolCancelledMessage) => void;
}

export interface OwnerFeed {
  /** Stops the feed at once: the sink is not called again. Idempotent. */
  readonly stop: () => void;
  /**
   * Settles once the owner's already-open calls have gone to the sink, so a connection that
   * opens after a call was sent (a reloaded page) still gets it. Rejects when the store
   * fails, after stopping the feed.
   */
  readonly replayed: Promise<void>;
}

/**
 * Feeds one connection the requests of one owner (of one conversation, if given): every
 * open call first, then each new one and each re-send, and the end of each call the server
 * stopped waiting for; made by any broker sharing the store.
 */
export function followOwnerCalls(broker: ClientCallBroker, filter: PendingCallFilter, sink: OwnerFeedSink): OwnerFeed {
  const mine = (call: PendingCall) =>
    call.owner === filter.owner && (filter.conversationId === undefined || call.request.conversationId === filter.conversationId);
  // Listening starts before the listing, so no request falls between the two; what the
  // listing also holds is sent once (`requestId#attempt` of what arrived meanwhile).
  let sentWhileListing: Set<string> | undefined = new Set();
  let stopped = false;
  const offRequested = broker.on("requested", (call) => {
    if (!mine(call)) return;
    sentWhileListing?.add(key(call.request));
    sink.requested(call.request);
  });
  const offEnded = broker.on("ended", (closed) => {
    if (!mine(closed)) return;
    const { outcome } = closed;
    if (outcome.status === "cancelled") sink.cancelled({ type: "client_tool.cancelled", requestId: closed.request.requestId, reason: outcome.reason });
    if (outcome.status === "timeout") {
      sink.cancelled({ type: "client_tool.cancelled", requestId: closed.request.requestId, reason: `The call timed out after ${outcome.timeoutSeconds} seconds.` });
    }
  });
  const stop = () => {
    stopped = true;
    offRequested();
    offEnded();
  };
  const replay = async () => {
    try {
      const open = await broker.pending(filter);
      for (const request of open) if (!stopped && !sentWhileListing?.has(key(request))) sink.requested(request);
    } catch (error) {
      stop();
      throw error;
    } finally {
      sentWhileListing = undefined;
    }
  };
  return { stop, replayed: replay() };
}

function key(request: ClientToolRequest): string {
  return `${request.requestId}#${request.attempt}`;
}
