import { valueSize } from "../../schema/value-depth.js";
import type { JsonValue } from "../../util/json.js";
import { jsonEqual } from "../../util/json-equal.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { ClosedCall, PendingCallStore } from "../stores/store.js";

/**
 * How long an end told here is remembered, and how much of them at most: a store loses
 * acknowledged writes only in the seconds before a failover or an empty restart is seen.
 */
const TOLD_KEPT_MS = 60_000;
const TOLD_MAX_BYTES = 32 * 1024 * 1024;
/** How many ends are written back at once after a gap. */
const RESTORE_BATCH = 100;

interface ToldEnd {
  readonly closed: ClosedCall;
  readonly at: number;
  readonly bytes: number;
  /** Whether the store took it; false for an end given to a dispatch while the store could not be reached. */
  written: boolean;
}

/**
 * The ends this broker told someone of: answers it acknowledged, outcomes its dispatches
 * returned, and outcomes it gave a dispatch without the store (unreachable past the deadline's
 * grace, or a call the store lost). A store that loses writes it acknowledged (Redis failing
 * over to a replica without them, or restarted empty) is given them back when its notices
 * resume, so that no instance records an outcome other than the one returned; one that could not
 * be reached is given the outcome once it can. Another end that got there first stands, and
 * is reported. Only for a store that can do it (`restoreEnded`).
 */
export class ToldEnds {
  readonly #ends = new Map<string, ToldEnd>();
  readonly #store: PendingCallStore;
  readonly #report: (error: unknown, context: string) => void;
  #bytes = 0;

  constructor(store: PendingCallStore, report: (error: unknown, context: string) => void) {
    this.#store = store;
    this.#report = report;
  }

  /** Remembers an end told to a caller; `written` when the store has it. */
  told(closed: ClosedCall, written: boolean): void {
    if (this.#store.restoreEnded === undefined) return;
    const now = Date.now();
    this.#forget(closed.request.requestId);
    const bytes = valueSize(closed.outcome) + 200;
    this.#ends.set(closed.request.requestId, { closed, at: now, bytes, written });
    this.#bytes += bytes;
    for (const [requestId, end] of this.#ends) {
      if (this.#bytes <= TOLD_MAX_BYTES && end.at > now - TOLD_KEPT_MS) break;
      // An end not yet written is kept past the time limit: the store must still be given it.
      if (!end.written && this.#bytes <= TOLD_MAX_BYTES) continue;
      this.#forget(requestId);
    }
  }

  /** The end told here of the call, if remembered. */
  get(requestId: string): ClosedCall | undefined {
    return this.#ends.get(requestId)?.closed;
  }

  /**
   * Gives the store the ends it could not be given when they were told, or could not be given back after a gap (on each
   * sweep).
   */
  async writeUnwritten(): Promise<void> {
    const unwritten = [...this.#ends.values()].filter((end) => !end.written);
    if (unwritten.length > 0) await this.#restore(unwritten, "the store could not be reached when they ended");
  }

  /** The store's notices resume after a gap: it may have lost ends it took; each one remembered is written back where lost. */
  recheck(): Promise<void> {
    return this.#restore([...this.#ends.values()], "the store had lost them (a failover, or a Redis back empty?)");
  }

  async #restore(ends: readonly ToldEnd[], why: string): Promise<void> {
    const restoreEnded = this.#store.restoreEnded?.bind(this.#store);
    if (restoreEnded === undefined) return;
    let restored = 0;
    const overridden: string[] = [];
    let failure: { readonly error: unknown } | undefined;
    for (let start = 0; start < ends.length; start += RESTORE_BATCH) {
      await Promise.all(
        ends.slice(start, start + RESTORE_BATCH).map(async (end) => {
          try {
            const held = await restoreEnded(end.closed);
            end.written = true;
            if (held === undefined) restored++;
            else if (!sameOutcome(held, end.closed.outcome)) overridden.push(end.closed.request.requestId);
          } catch (error) {
            // Not known to be in the store: each sweep tries it again.
            end.written = false;
            failure ??= { error };
          }
        }),
      );
    }
    if (restored > 0)
      this.#report(
        new Error(
          `the store did not hold the end of ${restored} call${restored === 1 ? "" : "s"} whose outcome this broker ` +
            `had told (${why}): written back`,
        ),
        "ends written back to the store",
      );
    if (overridden.length > 0)
      this.#report(
        new Error(
          `${overridden.length} call${overridden.length === 1 ? "" : "s"} whose outcome this broker had told ` +
            `(${overridden.slice(0, 5).join(", ")}) ended otherwise in the store (${why}); the store's outcome stands`,
        ),
        "ends that another end got to first",
      );
    if (failure !== undefined) throw failure.error;
  }

  #forget(requestId: string): void {
    const end = this.#ends.get(requestId);
    if (end === undefined) return;
    this.#ends.delete(requestId);
    this.#bytes -= end.bytes;
  }
}

function sameOutcome(a: ClientCallOutcome, b: ClientCallOutcome): boolean {
  return jsonEqual(a as unknown as JsonValue, b as unknown as JsonValue);
}
