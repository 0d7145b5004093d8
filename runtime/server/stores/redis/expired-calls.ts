import type { PendingCall, StoredCall } from "../store.js";
import type { RedisCommands } from "./commands.js";
import type { RedisKeys } from "./keys.js";
import { CLAIM_EXPIRED } from "./scripts.js";

/**
 * The open calls of one part of the store whose deadline has passed (up to `limit`), each claimed for `leaseMs`; ids
 * of calls found ended or gone leave the part's deadlines.
 */
export async function claimExpiredIn(
  commands: RedisCommands,
  keys: RedisKeys,
  part: number,
  expiry: { readonly now: number; readonly limit: number; readonly leaseMs: number },
): Promise<PendingCall[]> {
  const deadlines = keys.deadlines(part);
  const { now, limit, leaseMs } = expiry;
  const ids = await commands.eval(CLAIM_EXPIRED, [deadlines], [String(now), String(leaseMs), String(limit)]);
  if (!Array.isArray(ids) || ids.length === 0) return [];
  const calls = await Promise.all(
    ids.map(async (id: unknown) => {
      const key = keys.call(part, String(id));
      const data = await commands.send(key, ["HGET", key, "data"]);
      return typeof data === "string" ? (JSON.parse(data) as StoredCall) : undefined;
    }),
  );
  const gone = ids.filter((_, i) => calls[i]?.state !== "open").map(String);
  if (gone.length > 0) await commands.send(deadlines, ["ZREM", deadlines, ...gone]);
  return calls
    .filter((call): call is StoredCall & { state: "open" } => call?.state === "open")
    .map(({ state: _open, ...call }) => call);
}
