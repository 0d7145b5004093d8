import type { SharedBudgetRefusal } from "../../../registry/shared-budget.js";
import { type RedisCommands, redisScript } from "./commands.js";
import type { RedisKeys } from "./keys.js";

/**
 * KEYS: the owner's conversations (a sorted set: conversation id by the time its count lapses), what each one's tools
 * cost (a hash: conversation id -> bytes). ARGV: conversation id, now, when its count lapses (ms since the epoch), the
 * most conversations, its bytes, the most bytes, how long the keys are kept in ms. Lapsed conversations go first. 1
 * once counted; 3 at the limit of conversations; 4 when its bytes would grow past the limit of bytes.
 */
const HOLD = redisScript(`
for _, lapsed in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])) do
  redis.call('ZREM', KEYS[1], lapsed)
  redis.call('HDEL', KEYS[2], lapsed)
end
local counted = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not counted and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 3 end
local bytes = tonumber(ARGV[5])
local before = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if bytes > before then
  local total = bytes - before
  local all = redis.call('HVALS', KEYS[2])
  for i = 1, #all do total = total + tonumber(all[i]) end
  if total > tonumber(ARGV[6]) then return 4 end
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[7])
return 1`);

/** KEYS: as HOLD's. ARGV: conversation id. */
const RELEASE = redisScript(`
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`);

/**
 * Each owner's conversations with tools of their own and what their tools cost, counted in Redis for every instance
 * (`SharedOwnerBudget`), in the owner's part like its calls.
 */
export class RedisConversationBudget {
  readonly #commands: RedisCommands;
  readonly #keys: RedisKeys;
  readonly #onError: (error: unknown) => void;

  constructor(commands: RedisCommands, keys: RedisKeys, onError: (error: unknown) => void) {
    this.#commands = commands;
    this.#keys = keys;
    this.#onError = onError;
  }

  async hold(
    owner: string,
    conversationId: string,
    bytes: number,
    limits: { readonly maxConversations: number; readonly maxBytes: number },
    ttlMs: number,
  ): Promise<SharedBudgetRefusal | undefined> {
    const now = Date.now();
    const held = await this.#commands.eval(HOLD, this.#keysOf(owner), [
      conversationId,
      String(now),
      String(now + ttlMs),
      String(limits.maxConversations),
      String(bytes),
      String(limits.maxBytes),
      String(ttlMs),
    ]);
    if (held === 3) return "maxConversationsPerOwner";
    if (held === 4) return "maxBytesPerOwner";
    return undefined;
  }

  /** Never rejects: a failure is reported, and the conversation's count lapses in its time. */
  async release(owner: string, conversationId: string): Promise<void> {
    try {
      await this.#commands.eval(RELEASE, this.#keysOf(owner), [conversationId]);
    } catch (error) {
      this.#onError(error);
    }
  }

  #keysOf(owner: string): string[] {
    const part = this.#keys.partOf(owner);
    return [this.#keys.ownerConversations(part, owner), this.#keys.ownerConversationBytes(part, owner)];
  }
}
