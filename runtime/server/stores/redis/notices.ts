import { isRecord } from "../../../util/guards.js";
import type { ClosedCall, PendingCall, PendingCallListener } from "../store.js";
import type { RedisCommands, RedisSubscriberLike } from "./commands.js";

/**
 * The store's channel as this instance hears it: one subscribing connection, each notice read
 * (a message that is not the store's own is dropped and counted) and told to every listener, and
 * a gap told whenever notices may have been missed (the subscription started, or came back).
 */
export class RedisNotices {
  readonly #commands: RedisCommands;
  readonly #channel: string;
  readonly #onError: (error: unknown) => void;
  readonly #listeners = new Set<PendingCallListener>();
  #subscriber: Promise<RedisSubscriberLike> | undefined;
  /** How many messages on the channel were not the store's own, and were dropped. */
  dropped = 0;

  constructor(commands: RedisCommands, channel: string, onError: (error: unknown) => void) {
    this.#commands = commands;
    this.#channel = channel;
    this.#onError = onError;
  }

  /** Resolves once the subscription is live (or has failed, which `onError` has said). */
  async ready(): Promise<void> {
    await (this.#subscriber ??= this.#connectSubscriber());
  }

  subscribe(listener: PendingCallListener): () => void {
    this.#listeners.add(listener);
    this.#subscriber ??= this.#connectSubscriber();
    return () => {
      this.#listeners.delete(listener);
    };
  }

  async disconnect(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber !== undefined) await (await subscriber).close();
  }

  async #connectSubscriber(): Promise<RedisSubscriberLike> {
    const subscriber = this.#commands.subscriber();
    let subscribed = false;
    // Back after a lost connection (the client subscribes again by itself): changes made meanwhile
    // were not heard, and the calls may be gone (a Redis back without its data). Said once the
    // commands' connection answers too, so that listeners can read the calls again at once.
    subscriber.on(this.#commands.cluster ? "node-ready" : "ready", () => subscribed && void this.#gapWhenServing());
    try {
      await subscriber.connect();
      await subscriber.subscribe(this.#channel, (message) => this.#notify(message));
      subscribed = true;
      // Changes made before the subscription started were not heard either.
      this.#gap();
    } catch (error) {
      this.#onError(error);
    }
    return subscriber;
  }

  #gap(): void {
    this.#tell((listener) => listener.gap?.());
  }

  async #gapWhenServing(): Promise<void> {
    // Both connections reconnect on their own; the commands' one may still be on its way.
    for (let tries = 0; tries < 50; tries++) {
      try {
        await this.#commands.send(undefined, ["PING"]);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    this.#gap();
  }

  #notify(message: string): void {
    // Anyone with access to Redis can publish on the channel: a message that is not the store's
    // own is dropped, and the subscription goes on.
    const notice = readNotice(message);
    if (notice === undefined) {
      if (this.dropped++ === 0)
        this.#onError(
          new Error(
            `a message on ${this.#channel} is not one of the store's own notices: ` +
              `dropped (this one and any after it, counted in droppedNotices)`,
          ),
        );
      return;
    }
    if ("closed" in notice) this.#tell((listener) => listener.closed(notice.closed));
    else this.#tell((listener) => listener.requested(notice.requested));
  }

  #tell(tell: (listener: PendingCallListener) => void): void {
    for (const listener of this.#listeners) {
      try {
        tell(listener);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}

/** One message on the store's channel: every instance hears each open, re-send and close, in order. */
export type ChannelNotice = { readonly requested: PendingCall } | { readonly closed: ClosedCall };

/** The notice a message holds, when it is one of the store's own (the shape `open`, `reissue` and `close` publish). */
function readNotice(message: string): ChannelNotice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (keys[0] === "requested") return isCall(value["requested"]) ? (value as ChannelNotice) : undefined;
  if (keys[0] === "closed") {
    const closed = value["closed"];
    return isCall(closed) && isRecord(closed["outcome"]) && typeof closed["outcome"]["status"] === "string"
      ? (value as ChannelNotice)
      : undefined;
  }
  return undefined;
}

function isCall(value: unknown): value is Record<string, unknown> & { readonly request: Record<string, unknown> } {
  if (!isRecord(value) || typeof value["owner"] !== "string" || !isRecord(value["request"])) return false;
  const request = value["request"];
  return (
    typeof request["requestId"] === "string" &&
    typeof request["conversationId"] === "string" &&
    typeof request["toolCallId"] === "string" &&
    typeof request["attempt"] === "number"
  );
}
