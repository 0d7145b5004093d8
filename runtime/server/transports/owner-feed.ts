import { startTimer } from "../../util/timer.js";
import type { ClientToolContract } from "../../wire/client-tool-contract.js";
import type { ClientToolCancelledMessage, ClientToolMismatchMessage, ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { ClientCallBroker } from "../broker.js";
import type { PendingCall, PendingCallFilter } from "../stores/store.js";
import { callDifferences } from "./page-contract.js";

/**
 * How far apart, and how many times at most, the calls are listed again after missed notices
 * while the store cannot be read: a failover still under way fails the first listings, and the
 * calls opened meanwhile reach the page only through one that succeeds (about 30 s in all).
 */
const GAP_RETRY_MS = 250;
const GAP_TRIES = 120;

/** Where a connection's share of the broker's traffic goes. */
export interface OwnerFeedSink {
  readonly requested: (request: ClientToolRequest) => void;
  /**
   * The server stopped waiting for one of the owner's calls (timed out or cancelled): the client's handler should stop.
   */
  readonly cancelled: (message: ClientToolCancelledMessage) => void;
  /**
   * The page cannot run one of the owner's calls (its contract lacks the tool, or has another version): it was not
   * sent. Called only for a feed given a contract.
   */
  readonly mismatch?: (message: ClientToolMismatchMessage) => void;
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
 *
 * With the page's `contract`, a call the page cannot run is not sent: the page is told
 * (`mismatch`), and the call ends as `client_out_of_date` unless another connection of the owner
 * in this process can run it (it has it as the call does, or sent no contract).
 */
export function followOwnerCalls(
  broker: ClientCallBroker,
  filter: PendingCallFilter,
  sink: OwnerFeedSink,
  contract?: ClientToolContract,
): OwnerFeed {
  const following = followersOf(broker);
  const page: Page = { filter, contract };
  const pages = pagesOf(broker, filter.owner);
  pages.add(page);
  // The calls this page was told it cannot run, each told once (a re-send is the same call).
  const told = new Set<string>();
  const offer = (call: PendingCall) => {
    const differs = contract === undefined ? [] : callDifferences(contract, call);
    if (differs.length === 0) return send(call.request);
    const { requestId, conversationId, toolCallId, toolName } = call.request;
    if (!told.has(requestId)) {
      told.add(requestId);
      sink.mismatch?.({ type: "client_tool.mismatch", requestId, conversationId, toolCallId, toolName, differs });
    }
    if (![...pages].some((other) => other !== page && canRun(other, call)))
      void broker.clientOutOfDate({ requestId, owner: call.owner }, differs);
  };
  // The open calls this connection was sent, each counted once among the process's connections,
  // and each attempt sent, so that one heard again (a listing after a gap) is not sent twice.
  const sent = new Set<string>();
  const sentAttempts = new Set<string>();
  const send = (request: ClientToolRequest) => {
    if (!sent.has(request.requestId)) {
      sent.add(request.requestId);
      following.set(request.requestId, (following.get(request.requestId) ?? 0) + 1);
    }
    if (sentAttempts.has(key(request))) return;
    sentAttempts.add(key(request));
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
  // The calls that ended while a listing was read: the listing may still hold them open.
  const endedWhileListing = new Set<Set<string>>();
  const listOpen = async (): Promise<PendingCall[]> => {
    const ended = new Set<string>();
    endedWhileListing.add(ended);
    try {
      const open = await broker.openCalls(filter);
      return open.filter((call) => !ended.has(call.request.requestId));
    } finally {
      endedWhileListing.delete(ended);
    }
  };
  let stopped = false;
  const offRequested = broker.on("requested", (call) => {
    if (!admits(filter, call)) return;
    sentWhileListing?.add(key(call.request));
    offer(call);
  });
  const offEnded = broker.on("ended", (closed) => {
    if (!admits(filter, closed)) return;
    const { outcome } = closed;
    const { requestId } = closed.request;
    for (const ended of endedWhileListing) ended.add(requestId);
    const wasSent = sent.has(requestId);
    unfollow(requestId);
    for (let attempt = 1; attempt <= closed.request.attempt; attempt++) sentAttempts.delete(`${requestId}#${attempt}`);
    told.delete(requestId);
    const reason = cancelReason(outcome, wasSent);
    if (reason !== undefined) sink.cancelled({ type: "client_tool.cancelled", requestId, reason });
  });
  // The store's notices may have been missed (Redis restarted or failed over): the calls opened
  // meanwhile, at any instance, are listed again, until a listing succeeds or the page goes.
  const listAfterGap = async (): Promise<void> => {
    for (let tries = 1; !stopped; tries++) {
      try {
        const open = await listOpen();
        for (const call of open) if (!stopped) offer(call);
        return;
      } catch {
        if (tries >= GAP_TRIES) return;
        await new Promise((resolve) => startTimer(() => resolve(undefined), GAP_RETRY_MS));
      }
    }
  };
  const offGap = broker.on("gap", () => void listAfterGap());
  const unsubscribe = () => {
    stopped = true;
    pages.delete(page);
    if (pages.size === 0) connectedPages.get(broker)?.delete(filter.owner);
    offRequested();
    offEnded();
    offGap();
  };
  const stop = () => {
    if (stopped) return;
    unsubscribe();
    const unfollowed = [...sent].filter(unfollow);
    if (unfollowed.length > 0) void broker.connectionClosed({ owner: filter.owner, requestIds: unfollowed });
  };
  const replay = async () => {
    try {
      const open = await listOpen();
      for (const call of open) if (!stopped && !sentWhileListing?.has(key(call.request))) offer(call);
    } catch (error) {
      unsubscribe();
      throw error;
    } finally {
      sentWhileListing = undefined;
    }
  };
  return { stop, replayed: replay() };
}

/** A connection of an owner, as others see it: what it follows, and what its page can run. */
interface Page {
  readonly filter: PendingCallFilter;
  readonly contract: ClientToolContract | undefined;
}

function admits(filter: PendingCallFilter, call: PendingCall): boolean {
  return (
    call.owner === filter.owner &&
    (filter.conversationId === undefined || call.request.conversationId === filter.conversationId)
  );
}

function canRun(page: Page, call: PendingCall): boolean {
  return (
    admits(page.filter, call) && (page.contract === undefined || callDifferences(page.contract, call).length === 0)
  );
}

/** Per broker and owner: the connections of this process that follow the owner's calls. */
const connectedPages = new WeakMap<ClientCallBroker, Map<string, Set<Page>>>();

function pagesOf(broker: ClientCallBroker, owner: string): Set<Page> {
  let byOwner = connectedPages.get(broker);
  if (byOwner === undefined) connectedPages.set(broker, (byOwner = new Map()));
  let pages = byOwner.get(owner);
  if (pages === undefined) byOwner.set(owner, (pages = new Set()));
  return pages;
}

/**
 * What a connection is told when one of its owner's calls ends: why, when the server stopped waiting (cancelled,
 * timed out); and, when the connection was sent the call, that it has ended however it did (a page of the user answered
 * or refused it), so that a handler still running there (in another tab) stops. The page whose answer ended the call
 * has finished its handler, and its runner ignores the notice.
 */
function cancelReason(outcome: ClientCallOutcome, wasSent: boolean): string | undefined {
  if (outcome.status === "cancelled" || outcome.status === "unknown_outcome") return outcome.reason;
  if (outcome.status === "timeout") return `The call timed out after ${outcome.timeoutSeconds} seconds.`;
  if (!wasSent) return undefined;
  if (outcome.status === "client_out_of_date")
    return "Another page of this user, with out-of-date code, could not run the call.";
  return outcome.status === "ok" ? "A page of this user answered the call." : `The call ended (${outcome.status}).`;
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
