import { ClientAnswersBusyError } from "../../wire/errors.js";

/** One answer being taken: its bytes count against its owner's budget until `done`. */
export interface AnswerInFlight {
  /** `bytes` more of the answer have arrived; throws `ClientAnswersBusyError` (429) past the owner's budget. */
  add(bytes: number): void;
  /** The answer is taken (or refused): its bytes no longer count. Idempotent. */
  done(): void;
}

/**
 * The bytes of each owner's answers being read, parsed and checked at once: what one client can
 * make the server hold by sending many answers together (each within the size limit) is bounded.
 */
export class AnswersInFlight {
  readonly #maxBytes: number;
  readonly #byOwner = new Map<string, number>();

  constructor(maxBytes: number) {
    if (!Number.isInteger(maxBytes) || maxBytes < 1)
      throw new TypeError("maxAnswerBytesInFlightPerOwner must be a positive integer.");
    this.#maxBytes = maxBytes;
  }

  start(owner: string): AnswerInFlight {
    let held = 0;
    return {
      add: (bytes) => {
        const total = (this.#byOwner.get(owner) ?? 0) + bytes;
        if (total > this.#maxBytes) throw new ClientAnswersBusyError(this.#maxBytes);
        this.#byOwner.set(owner, total);
        held += bytes;
      },
      done: () => {
        const left = (this.#byOwner.get(owner) ?? 0) - held;
        held = 0;
        if (left > 0) this.#byOwner.set(owner, left);
        else this.#byOwner.delete(owner);
      },
    };
  }
}
