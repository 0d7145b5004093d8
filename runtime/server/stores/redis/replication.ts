import { ClientCallStoreUnavailableError } from "../../../wire/errors.js";
import type { RedisCommands } from "./commands.js";
import type { ChannelNotice } from "./notices.js";

/**
 * How a write is acknowledged: at once, the script publishing its notice in the same step; or,
 * with `minReplicas`, once that many replicas have it (`WAIT`), and only then told to the other
 * instances, so that nothing a replica promoted by a failover would not have is ever answered
 * or told to a dispatch. A write the replicas did not confirm in time is a 503: it stands on the
 * master, unannounced (a dispatch waiting for it reads it at its deadline, or when the store's
 * notices come back after a failover), and may be lost with the master.
 */
export class RedisReplication {
  readonly #commands: RedisCommands;
  readonly #channel: string;
  readonly #minReplicas: number;
  readonly #timeoutMs: number;

  constructor(commands: RedisCommands, channel: string, minReplicas: number, timeoutMs: number) {
    if (!Number.isInteger(minReplicas) || minReplicas < 0)
      throw new TypeError(`minReplicas must be a whole number of replicas, 0 or more; got ${String(minReplicas)}.`);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
      throw new TypeError(`minReplicasTimeoutMs must be a whole number of ms, 1 or more; got ${String(timeoutMs)}.`);
    this.#commands = commands;
    this.#channel = channel;
    this.#minReplicas = minReplicas;
    this.#timeoutMs = timeoutMs;
  }

  /** The channel a script publishes on in its own step: none when the notice must wait for the replicas. */
  get scriptChannel(): string {
    return this.#minReplicas === 0 ? this.#channel : "";
  }

  /**
   * After a script wrote the call at `key` (and published `notice` itself, without replicas to wait for): waits for the
   * replicas, then publishes.
   */
  async written(key: string, notice: ChannelNotice): Promise<void> {
    if (this.#minReplicas === 0) return;
    // Sent on the connection the write went on (the key's master), as WAIT requires.
    const reached = Number(
      await this.#commands.send(key, ["WAIT", String(this.#minReplicas), String(this.#timeoutMs)]),
    );
    if (reached < this.#minReplicas)
      throw new ClientCallStoreUnavailableError(
        `Redis: the write reached ${reached} of the ${this.#minReplicas} replicas minReplicas asks for within ` +
          `${this.#timeoutMs} ms`,
      );
    await this.#commands.send(key, ["PUBLISH", this.#channel, JSON.stringify(notice)]);
  }
}
