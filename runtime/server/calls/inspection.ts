import type {
  ClientCallsInstance,
  PendingCall,
  PendingCallFilter,
  PendingCallStore,
  PendingCallsSummary,
} from "../stores/store.js";
import type { CallLifecycle } from "./lifecycle.js";

/** What `broker.inspect(filter)` sees: counts and deadlines (epoch milliseconds), nothing a call carries. */
export interface ClientCallInspection {
  readonly owner: string;
  /** The owner's open calls by tool, in name order, each with its soonest deadline. */
  readonly openCalls: readonly { readonly toolName: string; readonly count: number; readonly nextDeadline: number }[];
  /** The soonest deadline of them all; null without open calls. */
  readonly nextDeadline: number | null;
  /** How many calls this instance dispatched and waits for, of every owner. */
  readonly waiting: number;
  /** Since when (epoch ms) this instance has waited for the oldest of them; null when it waits for none. */
  readonly oldestWaitingSince: number | null;
  /**
   * This instance's last periodic sweep of a shared store, and whether it reached the store; null
   * before the first (or for a store of one process).
   */
  readonly lastSweep: { readonly at: number; readonly ok: boolean } | null;
  /** Whether the store answered the listing (when not, the calls are not listed and `onError` has the failure). */
  readonly store: "ok" | "unavailable";
}

/** The owner's open calls that a client may still answer (of one conversation, if given). */
export async function openCalls(store: PendingCallStore, filter: PendingCallFilter): Promise<readonly PendingCall[]> {
  const now = Date.now();
  const calls = await store.list(filter);
  return calls.filter((call) => call.request.expiresAt > now && call.claimed !== true);
}

/** The view `broker.inspect` returns; a store that fails is reported and shown as unavailable. */
export async function inspectCalls(
  store: PendingCallStore,
  lifecycle: CallLifecycle,
  filter: PendingCallFilter,
  report: (error: unknown, context: string) => void,
): Promise<ClientCallInspection> {
  const local = lifecycle.view();
  let calls: readonly PendingCall[];
  try {
    calls = await openCalls(store, filter);
  } catch (error) {
    report(error, "listing open calls for inspect() failed");
    return { owner: filter.owner, openCalls: [], nextDeadline: null, ...local, store: "unavailable" };
  }
  const byTool = new Map<string, { toolName: string; count: number; nextDeadline: number }>();
  for (const { request } of calls) {
    const entry = byTool.get(request.toolName);
    if (entry === undefined) {
      byTool.set(request.toolName, { toolName: request.toolName, count: 1, nextDeadline: request.expiresAt });
    } else {
      entry.count++;
      entry.nextDeadline = Math.min(entry.nextDeadline, request.expiresAt);
    }
  }
  const byName = [...byTool.values()].sort((a, b) => (a.toolName < b.toolName ? -1 : 1));
  const nextDeadline = byName.length === 0 ? null : Math.min(...byName.map((entry) => entry.nextDeadline));
  return { owner: filter.owner, openCalls: byName, nextDeadline, ...local, store: "ok" };
}

/** What `broker.health()` says: whether this instance can serve calls, for a readiness probe and a dashboard. */
export interface ClientCallsHealth {
  /** `ready` when the store answered within `HEALTH_TIMEOUT_MS`; `unavailable` otherwise. */
  readonly status: "ready" | "unavailable";
  readonly waiting: number;
  readonly oldestWaitingSince: number | null;
  readonly lastSweep: { readonly at: number; readonly ok: boolean } | null;
}

/** How long a health check waits for the store: a probe gets its answer in bounded time, whatever the store does. */
export const HEALTH_TIMEOUT_MS = 2000;

/** Asks the store for the calls of an owner no client can be (""), which costs one lookup and reports nothing. */
export async function callsHealth(store: PendingCallStore, lifecycle: CallLifecycle): Promise<ClientCallsHealth> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)));
  const answered = store.list({ owner: "" }).then(
    () => true,
    () => false,
  );
  const ready = await Promise.race([answered, late]);
  clearTimeout(timer);
  return { status: ready ? "ready" : "unavailable", ...lifecycle.view() };
}

/** What `broker.summary()` says: the store's open calls of every owner by state, and each instance's last report. */
export interface ClientCallsSummary extends Omit<PendingCallsSummary, "instances"> {
  /** This instance first, as it is now; then each other instance that reported to a shared store within its time. */
  readonly instances: readonly ClientCallsInstance[];
  readonly store: "ok" | "unavailable";
}

/** The store's summary with this instance's view as it is now; a store without one counts no calls. */
export async function callsSummary(
  store: PendingCallStore,
  lifecycle: CallLifecycle,
  instanceId: string,
  report: (error: unknown, context: string) => void,
): Promise<ClientCallsSummary> {
  const self = lifecycle.instance(instanceId);
  try {
    const summary = (await store.summarize?.(Date.now())) ?? { open: 0, overdue: 0, instances: [] };
    const others = summary.instances.filter((instance) => instance.instanceId !== instanceId);
    return { open: summary.open, overdue: summary.overdue, instances: [self, ...others], store: "ok" };
  } catch (error) {
    report(error, "summarising the store's calls for summary() failed");
    return { open: 0, overdue: 0, instances: [self], store: "unavailable" };
  }
}
