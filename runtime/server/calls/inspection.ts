import type { PendingCall, PendingCallFilter, PendingCallStore } from "../stores/store.js";
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
  const local = { waiting: lifecycle.waiters.entries().length, lastSweep: lifecycle.lastSweep ?? null };
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
