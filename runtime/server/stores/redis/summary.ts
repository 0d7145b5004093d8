import type { ClientCallsInstance, PendingCallsSummary } from "../store.js";
import type { RedisCommands } from "./commands.js";
import type { RedisKeys } from "./keys.js";

interface StoredReport {
  readonly instance: ClientCallsInstance;
  /** Until when (epoch ms) the report stands. */
  readonly until: number;
}

/** Keeps what one instance says of itself in the store's hash of reports, in place of what it said before. */
export async function reportInstance(
  commands: RedisCommands,
  keys: RedisKeys,
  instance: ClientCallsInstance,
  ttlMs: number,
): Promise<void> {
  const report: StoredReport = { instance, until: Date.now() + ttlMs };
  await commands.send(keys.instances(), ["HSET", keys.instances(), instance.instanceId, JSON.stringify(report)]);
}

/**
 * Every part's open calls, before and past their deadline (two counts of its deadlines), and the reports that stand;
 * those that lapsed leave the hash.
 */
export async function summarize(commands: RedisCommands, keys: RedisKeys, now: number): Promise<PendingCallsSummary> {
  const parts = Array.from({ length: keys.parts }, (_, part) => keys.deadlines(part));
  const [counts, reports] = await Promise.all([
    Promise.all(
      parts.map(async (key) => {
        const [all, overdue] = await Promise.all([
          commands.send(key, ["ZCARD", key]),
          commands.send(key, ["ZCOUNT", key, "-inf", String(now)]),
        ]);
        return { all: Number(all), overdue: Number(overdue) };
      }),
    ),
    commands.send(keys.instances(), ["HVALS", keys.instances()]) as Promise<string[]>,
  ]);
  const stored = reports.map((text) => JSON.parse(text) as StoredReport);
  const lapsed = stored.filter((report) => report.until <= now).map((report) => report.instance.instanceId);
  if (lapsed.length > 0) await commands.send(keys.instances(), ["HDEL", keys.instances(), ...lapsed]);
  const overdue = counts.reduce((sum, count) => sum + count.overdue, 0);
  return {
    open: counts.reduce((sum, count) => sum + count.all, 0) - overdue,
    overdue,
    instances: stored
      .filter((report) => report.until > now)
      .map((report) => report.instance)
      .sort((a, b) => (a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0)),
  };
}
