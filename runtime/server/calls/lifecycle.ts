import { DEFAULT_TIMEOUT_SECONDS } from "../../tool-spec/types.js";
import { startTimer, type TimerHandle } from "../../util/timer.js";
import { ClientCallClosedError, ClientCallNotFoundError, ClientCallStaleAttemptError } from "../../wire/errors.js";
import type {
  ClientCallCancelled,
  ClientCallOutcome,
  ClientCallTimedOut,
  ClientCallUnknownOutcome,
} from "../../wire/outcome.js";
import type { Emitter } from "../emitter.js";
import type { ClientCallsInstance, ClosedCall, PendingCall, PendingCallStore, StoredCall } from "../stores/store.js";
import type { CallPolicy } from "../tool-policy.js";
import type { CallEvents } from "./call-events.js";
import { FailureRuns } from "./failure-runs.js";
import { ToldEnds } from "./told-ends.js";
import { CallWaiters } from "./waiters.js";

/** The outcome of a call the store no longer holds (a Redis that came back without its data). */
export const STORE_LOST: ClientCallCancelled = { status: "cancelled", reason: "the store lost the call" };

/**
 * How many expired calls one sweep claims at most (from each part of the store), and for how long each is this broker's
 * to end.
 */
const SWEEP_BATCH = 100;
const SWEEP_LEASE_MS = 5_000;
/** How long an instance's report stands in a shared store at least (`reportInstance`), past which it drops out. */
const INSTANCE_REPORT_MS = 30_000;
/**
 * How long past its deadline a waited-for call keeps trying a store it cannot reach: then its dispatch ends here, as
 * `timeout`, and the store is given that outcome once it can be reached.
 */
export const STORE_GRACE_MS = 5_000;

export interface CallLifecycleOptions {
  readonly store: PendingCallStore;
  /** The call's policy: as the call carries it, else as the tool known here says; undefined for neither. */
  readonly policyOf: (call: PendingCall) => CallPolicy | undefined;
  /** Where the lifecycle reports what happens: calls settled, given up, recovered and swept, and failures. */
  readonly events: Emitter<CallEvents>;
}

/**
 * The call's life in the store after it is opened: each end and re-send a compare-and-set on
 * its attempt, recovery of a call whose dispatcher or client went away, and its deadline, timed
 * here (by its waiters) for the calls this broker waits for and swept in the store for every call.
 */
export class CallLifecycle {
  /** The calls this broker waits for, each with a timer at its deadline that ends here. */
  readonly waiters: CallWaiters;
  /** The ends told here, for a store that may lose them or could not be given them. */
  readonly told: ToldEnds;
  readonly #store: PendingCallStore;
  readonly #policyOf: (call: PendingCall) => CallPolicy | undefined;
  readonly #events: Emitter<CallEvents>;
  #lastSweep: { readonly at: number; readonly ok: boolean } | undefined;
  #sweepTimer: TimerHandle | undefined;
  #sweepRun: Promise<void> | undefined;
  #sweeping = false;
  readonly #sweepFailures: FailureRuns;

  constructor(options: CallLifecycleOptions) {
    this.#store = options.store;
    this.#policyOf = options.policyOf;
    this.#events = options.events;
    this.told = new ToldEnds(this.#store, (error, context) => this.#report(error, context));
    this.#sweepFailures = new FailureRuns((error) =>
      this.#report(
        error,
        "sweeping the store's expired calls failed (reported once until a sweep succeeds); the next sweep tries again",
      ),
    );
    // One report an outage, not one a second for each call waited for.
    const deadlineFailures = new FailureRuns((error) =>
      this.#report(
        error,
        "a client tool call's timer could not reach the store (reported once until one does); each such call tries " +
          `again a second later, and past its deadline by ${STORE_GRACE_MS} ms ends here as timeout`,
      ),
    );
    this.waiters = new CallWaiters(
      (requestId) => this.expire(requestId).then(() => deadlineFailures.succeeded()),
      (error) => deadlineFailures.failed(error),
    );
  }

  /**
   * Ends the call with this outcome, unless another answer or a re-send got there first (then throws why: 409, or 404).
   */
  async end(call: PendingCall, outcome: ClientCallOutcome): Promise<void> {
    if (!(await this.endIfOpen(call, outcome))) throw await this.lostRace(call);
  }

  /** Ends the call with this outcome unless it ended or was re-sent meanwhile; whether this did. */
  async endIfOpen(call: PendingCall, outcome: ClientCallOutcome): Promise<boolean> {
    if (!(await this.#store.close(call, outcome))) return false;
    const closed: ClosedCall = { owner: call.owner, request: call.request, outcome };
    this.told.told(call.tool === undefined ? closed : { ...closed, tool: call.tool }, true);
    this.settle(closed);
    return true;
  }

  /**
   * Sends the call again as `next` (a new attempt with a new deadline), unless an answer or another re-send got there
   * first.
   */
  async resend(call: PendingCall, next: PendingCall): Promise<void> {
    if (!(await this.#store.reissue(next, call.request.attempt))) throw await this.lostRace(call);
    this.waiters.follow(next.request);
  }

  /**
   * Between reading a call (or hearing of it) and ending it, another answer ended it, a retry
   * re-sent it, or the store lost it (a Redis that came back empty): 409, or 404 for a call the store no longer has.
   */
  async lostRace(call: PendingCall): Promise<Error> {
    const now = await this.#store.get(call.request.requestId, call.owner);
    if (now === undefined) return new ClientCallNotFoundError(call.request.requestId);
    return now.state === "open"
      ? new ClientCallStaleAttemptError(call.request.requestId, call.request.attempt, now.request.attempt)
      : new ClientCallClosedError(call.request.requestId);
  }

  /**
   * An open call whose dispatcher or client went away, by its tool's policy: `"settle"` ends it
   * as `unknown_outcome`, `"redispatch"` sends a new attempt within its deadline (an answer to the
   * old one is then stale), `"wait"` leaves it. An answer that got there first wins.
   */
  async recover(call: StoredCall & { readonly state: "open" }, reason: string): Promise<void> {
    // A claimed call is with its private input's handler: the client has nothing left to do.
    if (call.claimed === true) return;
    switch (this.#policyOf(call)?.recovery ?? "wait") {
      case "wait":
        return;
      case "settle": {
        const outcome: ClientCallUnknownOutcome = { status: "unknown_outcome", reason };
        if (await this.endIfOpen(call, outcome)) this.#events.emit("recovered", { call, policy: "settle" });
        return;
      }
      case "redispatch": {
        if (call.request.expiresAt <= Date.now()) return;
        const next: PendingCall = {
          owner: call.owner,
          request: { ...call.request, attempt: call.request.attempt + 1 },
          ...(call.tool !== undefined && { tool: call.tool }),
        };
        if (await this.#store.reissue(next, call.request.attempt)) {
          this.waiters.follow(next.request);
          this.#events.emit("recovered", { call, policy: "redispatch" });
        }
        return;
      }
    }
  }

  timeoutOutcome(call: PendingCall): ClientCallTimedOut {
    return { status: "timeout", timeoutSeconds: this.#policyOf(call)?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS };
  }

  /**
   * A waited-for call's deadline has come: time it out, unless the store knows better (the waiters' `onDeadline`). A
   * store still out of reach past the deadline and its grace ends the dispatch here, as `timeout`.
   */
  async expire(requestId: string): Promise<void> {
    try {
      await this.#expire(requestId);
    } catch (error) {
      const waiter = this.waiters.get(requestId);
      if (waiter === undefined || Date.now() < waiter.request.expiresAt + STORE_GRACE_MS) throw error;
      const { owner, request, tool } = waiter;
      const call: PendingCall = { owner, request, ...(tool !== undefined && { tool }) };
      const ended: ClosedCall = { ...call, outcome: this.timeoutOutcome(call) };
      this.told.told(ended, false);
      this.giveUp(ended);
      throw error;
    }
  }

  async #expire(requestId: string): Promise<void> {
    for (;;) {
      const waiter = this.waiters.get(requestId);
      if (waiter === undefined) return;
      const stored = await this.#store.get(requestId, waiter.owner);
      if (stored === undefined)
        return this.giveUp({ owner: waiter.owner, request: waiter.request, outcome: STORE_LOST });
      // Ended elsewhere, and the notice of it was lost or is late.
      if (stored.state === "closed")
        return this.settle({ owner: stored.owner, request: stored.request, outcome: stored.outcome });
      // Re-sent by another process, or a deadline beyond what one timer can wait.
      if (stored.request.expiresAt > Date.now()) return this.waiters.follow(stored.request);
      if (await this.endIfOpen(stored, this.timeoutOutcome(stored))) return;
    }
  }

  /**
   * With a store shared by processes: sweeps its expired calls every `intervalMs`, jittered so
   * that the instances' sweeps spread out, until `stopSweeping`, and after each sweep reports the instance to the store.
   */
  startSweeping(intervalMs: number, instanceId: string): void {
    if (this.#store.claimExpired === undefined) return;
    this.#sweeping = true;
    const reportMs = Math.max(INSTANCE_REPORT_MS, 10 * intervalMs);
    const next = () => {
      this.#sweepTimer = startTimer(
        () => {
          this.#sweepRun = this.#sweepAndReport(instanceId, reportMs).finally(() => this.#sweeping && next());
        },
        intervalMs * (0.5 + Math.random()),
      );
    };
    next();
  }

  /** Stops the periodic sweeps; resolves once the one under way, if any, has ended. */
  async stopSweeping(): Promise<void> {
    this.#sweeping = false;
    clearTimeout(this.#sweepTimer);
    await this.#sweepRun;
  }

  /** One periodic sweep, then this instance's report to the store; a failure of either is reported once an outage. */
  async #sweepAndReport(instanceId: string, reportMs: number): Promise<void> {
    try {
      await this.sweep();
      this.#lastSweep = { at: Date.now(), ok: true };
      await this.#store.reportInstance?.(this.instance(instanceId), reportMs);
      this.#sweepFailures.succeeded();
    } catch (error) {
      this.#lastSweep = { at: Date.now(), ok: false };
      this.#sweepFailures.failed(error);
    }
  }

  /**
   * Ends, as `timeout`, the calls of any process whose deadline has passed: the deadline lives in
   * the store, and each expired call is claimed by one broker at a time. The close is the same
   * compare-and-set as every end, so a call the dispatcher's own timer ends meanwhile ends once.
   * A call whose end was told here, and that the store lost, gets that end back instead; so do
   * the ends told while the store could not be reached.
   */
  async sweep(now = Date.now()): Promise<void> {
    await this.told.writeUnwritten();
    const expired = (await this.#store.claimExpired?.(now, SWEEP_BATCH, SWEEP_LEASE_MS)) ?? [];
    await Promise.all(
      expired
        .filter((call) => call.request.expiresAt <= now)
        .map(async (call) => {
          const told = this.told.get(call.request.requestId);
          if (told !== undefined && this.#store.restoreEnded !== undefined) await this.#store.restoreEnded(told);
          else if (await this.endIfOpen(call, this.timeoutOutcome(call))) this.#events.emit("swept", call);
        }),
    );
  }

  /** The calls this broker waits for, and its last sweep. */
  view(): Omit<ClientCallsInstance, "instanceId" | "reportedAt"> {
    const waiting = this.waiters.entries();
    let oldest = Number.POSITIVE_INFINITY;
    for (const [, waiter] of waiting) oldest = Math.min(oldest, waiter.since);
    return {
      waiting: waiting.length,
      oldestWaitingSince: waiting.length === 0 ? null : oldest,
      lastSweep: this.#lastSweep ?? null,
    };
  }

  /** What this instance says of itself, now. */
  instance(instanceId: string): ClientCallsInstance {
    return { instanceId, ...this.view(), reportedAt: Date.now() };
  }

  /** Resolves this broker's dispatches of the call, once; a call it does not wait for is ignored. */
  settle(closed: ClosedCall): void {
    if (this.waiters.settle(closed)) this.#events.emit("settled", closed);
  }

  /** Ends a dispatch the store could not end (it lost the call, or failed): the feeds hear of it as of any end. */
  giveUp(closed: ClosedCall): void {
    this.#events.emit("ended", closed);
    this.settle(closed);
  }

  #report(error: unknown, context: string): void {
    this.#events.emit("error", { error, context });
  }
}
