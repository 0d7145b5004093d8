import type { ClientCallBroker } from "../broker.js";
import type { ClientToolCancelledMessage, ClientToolRequest } from "../../wire/messages.js";
import type { PendingCallFilter, PendingCall } from "../store.js";

/** Where a connection's share of the broker's traffic goes. */
export interface OwnerFeedSink {
  readonly requested: (request: ClientToolRequest) => void;
  /** The server stopped waiting for one of the owner's calls (timed out or cancelled): the client's handler should stop. */
  readonly cancelled: (message: ClientToolCancelledMessage) => void;
}

export interface OwnerFeed {
  /**
   * The connection has closed: stops the feed at once (the sink is not called again), and hands
   * the calls it was sent that are still open, and that no other connection in this process
   * follows, to `broker.connectionClosed` (their tools' recovery policies). Idempotent.
   */
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
  const following = followersOf(broker);
  // The open calls this connection was sent, each counted once among the process's connections.
  const sent = new Set<string>();
  const send = (request: ClientToolRequest) => {
    if (!sent.has(request.requestId)) {
      sent.add(request.requestId);
      following.set(request.requestId, (following.get(request.requestId) ?? 0) + 1);
    }
    sink.requested(request);
  };
  /** This connection stops following the call; true when no connection in this process follows it any more. */
  const unfollow = (requestId: string): boolean => {
    if (!sent.delete(requestId)) return false;
    const left = following.get(requestId)! - 1;
    if (left > 0) following.set(requestId, left);
    else following.delete(requestId);
    return left === 0;
  };
  // Listening starts before the listing, so no request falls between the two; what the
  // listing also holds is sent once (`requestId#attempt` of what arrived meanwhile).
  let sentWhileListing: Set<string> | undefined = new Set();
  let stopped = false;
  const offRequested = broker.on("requested", (call) => {
    if (!mine(call)) return;
    sentWhileListing?.add(key(call.request));
    send(call.request);
  });
  const offEnded = broker.on("ended", (closed) => {
    if (!mine(closed)) return;
    const { outcome } = closed;
    const { requestId } = closed.request;
    unfollow(requestId);
    if (outcome.status === "cancelled" || outcome.status === "unknown_outcome") sink.cancelled({ type: "client_tool.cancelled", requestId, reason: outcome.reason });
    if (outcome.status === "timeout") {
      sink.cancelled({ type: "client_tool.cancelled", requestId, reason: `The call timed out after ${outcome.timeoutSeconds} seconds.` });
    }
  });
  const unsubscribe = () => {
    stopped = true;
    offRequested();
    offEnded();
  };
  const stop = () => {
    if (stopped) return;
    unsubscribe();
    const unfollowed = [...sent].filter(unfollow);
    if (unfollowed.length > 0) void broker.connectionClosed({ owner: filter.owner, requestIds: unfollowed });
  };
  const replay = async () => {
    try {
      const open = await broker.pending(filter);
      for (const request of open) if (!stopped && !sentWhileListing?.has(key(request))) send(request);
    } catch (error) {
      unsubscribe();
      throw error;
    } finally {
      sentWhileListing = undefined;
    }
  };
  return { stop, replayed: replay() };
}

/** Per broker: how many connections of this process follow each open call (were sent it, and have not closed). */
const followers = new WeakMap<ClientCallBroker, Map<string, number>>();

function followersOf(broker: ClientCallBroker): Map<string, number> {
  let counts = followers.get(broker);
  if (counts === undefined) followers.set(broker, (counts = new Map()));
  return counts;
}

function key(request: ClientToolRequest): string {
  return `${request.requestId}#${request.attempt}`;
}
