import { ClientAnswersBusyError } from "../../wire/errors.js";
import type { Emitter } from "../emitter.js";
import type { CallEvents } from "./call-events.js";

/** One answer being taken: it counts, with its bytes, against its owner's budget until `done`. */
export interface AnswerInFlight {
  /**
   * `bytes` more of the answer have arrived (the first call counts the answer itself); throws
   * `ClientAnswersBusyError` (429) past the owner's budget of answers or bytes, counting nothing.
   */
  add(bytes: number): void;
  /** The answer is taken (or refused): it and its bytes no longer count. Idempotent. */
  done(): void;
}

export interface AnswersInFlightLimits {
  /** The bytes of one owner's answers taken at once. */
  readonly maxAnswerBytesInFlightPerOwner: number;
  /** The answers of one owner taken at once, whatever their size: each may cost a store round trip. */
  readonly maxAnswersInFlightPerOwner: number;
}

/**
 * The answers of each owner being read, parsed, checked and stored at once: what one client can make
 * the server hold, and make the store do, by sending many answers together is bounded in bytes and
 * in count, and the answers past either bound are refused before any lookup.
 */
export class AnswersInFlight {
  readonly #limits: AnswersInFlightLimits;
  // Made once each: an error's stack costs far more than the check, and a flood meets them by the thousand.
  readonly #tooMany: ClientAnswersBusyError;
  readonly #tooLarge: ClientAnswersBusyError;
  readonly #byOwner = new Map<string, { answers: number; bytes: number }>();

  readonly #events: Emitter<CallEvents> | undefined;

  constructor(limits: AnswersInFlightLimits, events?: Emitter<CallEvents>) {
    this.#events = events;
    for (const name of ["maxAnswerBytesInFlightPerOwner", "maxAnswersInFlightPerOwner"] as const)
      if (!Number.isInteger(limits[name]) || limits[name] < 1)
        throw new TypeError(`${name} must be a positive integer.`);
    this.#limits = limits;
    this.#tooMany = new ClientAnswersBusyError({ answers: limits.maxAnswersInFlightPerOwner });
    this.#tooLarge = new ClientAnswersBusyError({ bytes: limits.maxAnswerBytesInFlightPerOwner });
  }

  start(owner: string): AnswerInFlight {
    let held: { answers: number; bytes: number } | undefined;
    return {
      add: (bytes) => {
        const now = this.#byOwner.get(owner) ?? { answers: 0, bytes: 0 };
        const answers = now.answers + (held === undefined ? 1 : 0);
        if (answers > this.#limits.maxAnswersInFlightPerOwner) throw this.#refused(this.#tooMany);
        if (now.bytes + bytes > this.#limits.maxAnswerBytesInFlightPerOwner) throw this.#refused(this.#tooLarge);
        this.#byOwner.set(owner, { answers, bytes: now.bytes + bytes });
        held = { answers: 1, bytes: (held?.bytes ?? 0) + bytes };
      },
      done: () => {
        if (held === undefined) return;
        const now = this.#byOwner.get(owner)!;
        const left = { answers: now.answers - held.answers, bytes: now.bytes - held.bytes };
        held = undefined;
        if (left.answers > 0) this.#byOwner.set(owner, left);
        else this.#byOwner.delete(owner);
      },
    };
  }

  #refused(error: ClientAnswersBusyError): ClientAnswersBusyError {
    this.#events?.emit("refused", { status: error.status, reason: error.name });
    return error;
  }
}
