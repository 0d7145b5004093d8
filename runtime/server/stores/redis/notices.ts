import { randomUUID } from "node:crypto";
import { isRecord } from "../../../util/guards.js";
import type { ClosedCall, PendingCall, PendingCallListener } from "../store.js";
import { onResumed, type RedisCommands, type RedisSubscriberLike } from "./commands.js";

/** How often, and how many times, a probe is published until the subscription hears it again. */
const PROBE_INTERVAL_MS = 200;
const PROBE_TRIES = 150;

/**
 * The store's channel as this instance hears it: one subscribing connection, each notice read
 * (a message that is not the store's own is dropped and counted) and told to every listener, and
 * a gap told whenever notices may have been missed (the subscription started, came back, or
 * moved to a new master), once the subscription hears what the commands' connection publishes.
 */
export class RedisNotices {
  readonly #commands: RedisCommands;
  readonly #channel: string;
  readonly #onError: (error: unknown) => void;
  readonly #listeners = new Set<PendingCallListener>();
  #subscriber: Promise<RedisSubscriberLike> | undefined;
  /** How many times the subscription came back, and how many of them a gap was told for. */
  #resumed = 0;
  #resumeTold = 0;
  /** The probe this instance waits to hear, and what hearing it resolves. */
  #probe: { readonly id: string; readonly heard: () => void } | undefined;
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
    // Back after a lost connection (the client subscribes again by itself), or moved to a new
    // master by Sentinel: changes made meanwhile were not heard, and the calls may be gone (a Redis
    // back without its data, a replica promoted without the last writes).
    // Either connection may be the one that was away (a cluster's subscription may stay on a
    // node that lived while another was lost).
    const resumed = () => subscribed && void this.#resume();
    onResumed(subscriber, this.#commands.cluster, resumed);
    this.#commands.onResumed(resumed);
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

  /**
   * Tells the gap once the subscription hears a probe published on the commands' connection:
   * both connections are back, on the same master, so a call opened from then on is heard, and
   * listeners that read the calls again miss nothing in between.
   */
  async #resume(): Promise<void> {
    const wanted = ++this.#resumed;
    if (wanted - 1 !== this.#resumeTold) return;
    while (this.#resumeTold < this.#resumed) {
      const target = this.#resumed;
      await this.#probeHeard();
      this.#resumeTold = target;
      this.#gap();
    }
  }

  async #probeHeard(): Promise<void> {
    const id = randomUUID();
    let heard = false;
    const hearing = new Promise<void>((resolve) => {
      this.#probe = { id, heard: () => ((heard = true), resolve()) };
    });
    for (let tries = 0; tries < PROBE_TRIES && !heard; tries++) {
      try {
        await this.#commands.send(undefined, ["PUBLISH", this.#channel, JSON.stringify({ probe: id })]);
      } catch {
        // Not back yet: the next try publishes again.
      }
      await Promise.race([hearing, new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS))]);
    }
    this.#probe = undefined;
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
    if ("probe" in notice) {
      if (notice.probe === this.#probe?.id) this.#probe.heard();
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

/**
 * One message on the store's channel: every instance hears each open, re-send and close, in order, and the probes by
 * which an instance finds its subscription live again.
 */
export type ChannelNotice =
  | { readonly requested: PendingCall }
  | { readonly closed: ClosedCall }
  | { readonly probe: string };

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
  if (keys[0] === "probe") return typeof value["probe"] === "string" ? (value as ChannelNotice) : undefined;
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
