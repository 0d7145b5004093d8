import type { ClientToolContract } from "../../wire/client-tool-contract.js";
import {
  encodeClientToolCancelledEvent,
  encodeClientToolEvent,
  encodeClientToolMismatchEvent,
} from "../../wire/sse.js";
import type { ClientCallBroker } from "../broker.js";
import type { PendingCallFilter } from "../stores/store.js";
import { followOwnerCalls, type OwnerFeed } from "./owner-feed.js";

/**
 * A comment first: some servers and proxies hold a response back until its first byte, and
 * an EventSource reports the stream open only once headers arrive.
 */
const OPENING = ": client tool events\n\n";

/** Response headers for the stream; `no-transform` and `X-Accel-Buffering` keep proxies from buffering it. */
export const SSE_HEADERS: { readonly [name: string]: string } = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * The owner's client tool events as a Server-Sent Events body: the open calls, then each new
 * request and each cancellation; with the page's `contract`, a `client_tool.mismatch` event instead
 * of each call it cannot run. Cancelling the stream (the client went away) stops it.
 * Rejects when the store cannot list the open calls, before any byte is sent.
 */
export async function clientToolEventStream(
  broker: ClientCallBroker,
  filter: PendingCallFilter,
  contract?: ClientToolContract,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let feed: OwnerFeed | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const push = (text: string) => controller.enqueue(encoder.encode(text));
      push(OPENING);
      feed = followOwnerCalls(
        broker,
        filter,
        {
          requested: (request) => push(encodeClientToolEvent(request)),
          cancelled: (message) => push(encodeClientToolCancelledEvent(message)),
          mismatch: (message) => push(encodeClientToolMismatchEvent(message)),
        },
        contract,
      );
    },
    cancel() {
      feed?.stop();
    },
  });
  // `start` runs inside the constructor, so the feed exists here.
  await feed!.replayed;
  return stream;
}
