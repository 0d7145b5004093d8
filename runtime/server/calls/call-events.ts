import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClosedCall, PendingCall } from "../stores/store.js";

/** What the broker's application hears: `broker.on(event, listener)`. */
export interface ClientCallBrokerEvents {
  /**
   * A request to hand to the owner's client: a new call, or a call sent again (`attempt + 1`),
   * by this broker or any other sharing the store.
   */
  readonly requested: PendingCall;
  /** A call has ended, by this broker or any other sharing the store: a client still running it should stop. */
  readonly ended: ClosedCall;
  /** A call this broker dispatched has ended (in any process); fired once per call, as its `dispatch` resolves. */
  readonly settled: ClosedCall;
  /**
   * The store's notices may have been missed (its connection came back, Redis restarted or failed
   * over), and have been read again: whatever sends the `requested` calls of other brokers on
   * lists the open calls again (`followOwnerCalls` does). The calls this broker dispatched were
   * told as `requested` already, where their request had not been heard.
   */
  readonly gap: undefined;
}

/**
 * Everything the broker's parts report, on one sink: the application's events, and what only
 * observers (telemetry) follow. A part emits; it never calls an observer.
 */
export interface CallEvents extends ClientCallBrokerEvents {
  /** The store told of a request, claimed ones included (the application hears only unclaimed ones). */
  readonly heard: PendingCall;
  /** An open call's tool's recovery policy ended it or sent it again, after its dispatcher or client went away. */
  readonly recovered: { readonly call: PendingCall; readonly policy: "settle" | "redispatch" };
  /** A sweep here ended a call past its deadline. */
  readonly swept: PendingCall;
  /** An answer was taken here (a result, or an error the client reported). */
  readonly answered: { readonly request: ClientToolRequest; readonly handlerMs: number | undefined };
  /** An answer was refused (its status and the error's name): too many at once, not found, ended, invalid. */
  readonly refused: { readonly status: number; readonly reason: string };
  /** A failure no caller can receive, as the broker's `onError` gets it. */
  readonly error: { readonly error: unknown; readonly context: string };
}
