import { redisScript } from "./commands.js";

// The compare-and-set steps of the Redis store, each one Lua script so that Redis runs it
// atomically: of all instances racing to end or re-send a call, exactly one sees it open at
// the attempt it expects. A call is a hash: `state`, `attempt` (what the scripts compare, never
// parsing the call) and `data` (the stored call's JSON). Every script touches only the keys it
// is given, all in one hash slot (the owner's part of the store, see keys.ts), so that it runs
// on a Redis Cluster as on one server. KEYS and ARGV are given at each script.

/**
 * KEYS: call, owner's open set, the part's sequence, the call's toolCallId key (its requestId,
 * kept as long as the call), the outputSchema's key, the part's deadlines (a sorted set:
 * requestId by deadline), the owner's bytes (a hash: requestId -> bytes). ARGV: data, TTL in
 * ms, requestId, attempt, the most open calls the owner may have (0: no limit), channel ("" to publish apart), the
 * notice's JSON, the outputSchema's JSON ("" for none), the deadline (ms since the epoch), the
 * most bytes the owner's open calls may hold (0: no limit), this call's bytes. 1; 0 when the
 * requestId is taken, 2 when the owner's conversation and toolCallId are, 3 when the owner is
 * at the limit of calls, 4 at the limit of bytes (ids of calls that ended or expired may still
 * count: the store takes them out and tries once more). The schema is kept as PUT_SCHEMA keeps
 * it, and the notice published, in the same step.
 */
export const OPEN = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[4]) == 1 then return 2 end
local max = tonumber(ARGV[5])
if max > 0 and redis.call('ZCARD', KEYS[2]) >= max then return 3 end
local maxBytes = tonumber(ARGV[10])
if maxBytes > 0 then
  local held = tonumber(ARGV[11])
  for _, bytes in ipairs(redis.call('HVALS', KEYS[7])) do held = held + tonumber(bytes) end
  if held > maxBytes then return 4 end
end
if tonumber(ARGV[11]) > 0 then redis.call('HSET', KEYS[7], ARGV[3], ARGV[11]) end
redis.call('HSET', KEYS[1], 'state', 'open', 'attempt', ARGV[4], 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[4], ARGV[3], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[3])
redis.call('ZADD', KEYS[6], ARGV[9], ARGV[3])
if ARGV[8] ~= '' and redis.call('PTTL', KEYS[5]) < tonumber(ARGV[2]) then redis.call('SET', KEYS[5], ARGV[8], 'PX', ARGV[2]) end
if ARGV[6] ~= '' then redis.call('PUBLISH', ARGV[6], ARGV[7]) end
return 1`);

/**
 * KEYS: call, its toolCallId key. ARGV: data, the attempt expected, TTL in ms, the new attempt,
 * channel ("" to publish apart), the notice's JSON. 1 for the one caller that re-sent it; the notice is published in
 * the same step.
 */
export const REISSUE = redisScript(`
if redis.call('HGET', KEYS[1], 'state') ~= 'open' or redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'attempt', ARGV[4], 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[6]) end
return 1`);

/**
 * KEYS: call, owner's open set, its toolCallId key, the part's deadlines, the owner's bytes.
 * ARGV: data, the attempt expected, retention in ms, requestId, channel ("" to publish apart), the notice's JSON. 1
 * for the one caller that ended it; the notice is published in the same step.
 */
export const CLOSE = redisScript(`
if redis.call('HGET', KEYS[1], 'state') ~= 'open' or redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'state', 'closed', 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[4])
redis.call('ZREM', KEYS[4], ARGV[4])
redis.call('HDEL', KEYS[5], ARGV[4])
if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[6]) end
return 1`);

/**
 * KEYS: call, owner's open set, its toolCallId key, the part's deadlines, the owner's bytes.
 * ARGV: data, retention in ms, requestId, channel, the notice's JSON. Writes back an end the
 * store acknowledged and then lost (a failover to a replica the write had not reached): the
 * call is ended whether the store holds it open (at any attempt) or no longer holds it. 1 when
 * it did (the notice published in the same step); the stored call's JSON when it had ended
 * already, by another end that stands.
 */
export const RESTORE_ENDED = redisScript(`
if redis.call('HGET', KEYS[1], 'state') == 'closed' then return redis.call('HGET', KEYS[1], 'data') end
redis.call('HSET', KEYS[1], 'state', 'closed', 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[3])
redis.call('ZREM', KEYS[4], ARGV[3])
redis.call('HDEL', KEYS[5], ARGV[3])
if ARGV[4] ~= '' then redis.call('PUBLISH', ARGV[4], ARGV[5]) end
return 1`);

/** KEYS: call. One more invalid answer to the call while it is open: the count so far, 0 when it is not open. */
export const COUNT_INVALID = redisScript(`
if redis.call('HGET', KEYS[1], 'state') ~= 'open' then return 0 end
return redis.call('HINCRBY', KEYS[1], 'invalid', 1)`);

/**
 * KEYS: the part's deadlines. ARGV: now (ms since the epoch), the lease in ms, the most ids to
 * claim. The ids whose deadline has passed, each claimed: its deadline moves a lease ahead, so
 * that no other instance takes it meanwhile, and so that another does once the lease has
 * passed, should this one die before it ends the call. (A call ends by CLOSE, which takes its
 * id out; the store takes out the ids of calls it finds gone.)
 */
export const CLAIM_EXPIRED = redisScript(`
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local later = tonumber(ARGV[1]) + tonumber(ARGV[2])
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[1], later, id) end
return ids`);

/**
 * KEYS: the schema's key. ARGV: the schema's JSON, how long to keep it in ms. Keeps it that long, or longer when it
 * already was.
 */
export const PUT_SCHEMA = redisScript(`
if redis.call('PTTL', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`);
