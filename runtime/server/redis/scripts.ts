// The compare-and-set steps of the Redis store, each one Lua script so that Redis runs it
// atomically: of all instances racing to end or re-send a call, exactly one sees it open at
// the attempt it expects. A call is a hash: `state`, `attempt` (what the scripts compare, never
// parsing the call) and `data` (the stored call's JSON). KEYS and ARGV are given at each script.

/**
 * KEYS: call, owner's open set, sequence, the call's toolCallId key (its requestId, kept as long
 * as the call), the outputSchema's key, the deadlines (a sorted set: requestId by deadline). ARGV: data, TTL in ms, requestId, attempt, the most open
 * calls the owner may have (0: no limit), the prefix of call keys, channel, the notice's JSON,
 * the outputSchema's JSON ("" for none), how long to keep it in ms, the deadline (ms since the epoch). 1; 0 when the requestId is
 * taken, 2 when the conversation's toolCallId is, 3 when the owner is at the limit. At the limit,
 * ids of calls that ended or expired are taken out of the owner's set first (calls do not leave
 * it by expiry). The schema is kept as PUT_SCHEMA keeps it, and the notice published, in the same step.
 */
export const OPEN = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[4]) == 1 then return 2 end
local max = tonumber(ARGV[5])
if max > 0 and redis.call('ZCARD', KEYS[2]) >= max then
  for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    if redis.call('HGET', ARGV[6] .. id, 'state') ~= 'open' then redis.call('ZREM', KEYS[2], id) end
  end
  if redis.call('ZCARD', KEYS[2]) >= max then return 3 end
end
redis.call('HSET', KEYS[1], 'state', 'open', 'attempt', ARGV[4], 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[4], ARGV[3], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[3])
redis.call('ZADD', KEYS[6], ARGV[11], ARGV[3])
if ARGV[9] ~= '' and redis.call('PTTL', KEYS[5]) < tonumber(ARGV[10]) then redis.call('SET', KEYS[5], ARGV[9], 'PX', ARGV[10]) end
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1`;

/** KEYS: the toolCallId key. ARGV: the prefix of call keys. The call's data, or false when there is none. */
export const FIND_BY_TOOL_CALL = `
local id = redis.call('GET', KEYS[1])
if not id then return false end
return redis.call('HGET', ARGV[1] .. id, 'data')`;

/**
 * KEYS: call, its toolCallId key. ARGV: data, the attempt expected, TTL in ms, the new attempt,
 * channel, the notice's JSON. 1 for the one caller that re-sent it; the notice is published in the same step.
 */
export const REISSUE = `
if redis.call('HGET', KEYS[1], 'state') ~= 'open' or redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'attempt', ARGV[4], 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return 1`;

/**
 * KEYS: call, owner's open set, its toolCallId key, the deadlines. ARGV: data, the attempt
 * expected, retention in ms, requestId, channel, the notice's JSON. 1 for the one caller that
 * ended it; the notice is published in the same step.
 */
export const CLOSE = `
if redis.call('HGET', KEYS[1], 'state') ~= 'open' or redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'state', 'closed', 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[4])
redis.call('ZREM', KEYS[4], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return 1`;

/**
 * KEYS: the deadlines. ARGV: now (ms since the epoch), the lease in ms, the most ids to claim,
 * the prefix of call keys. The ids of open calls whose deadline has passed, each claimed: its
 * deadline moves a lease ahead, so that no other instance takes it meanwhile, and so that
 * another does once the lease has passed, should this one die before it ends the call. Ids of
 * calls no longer open leave the set.
 */
export const CLAIM_EXPIRED = `
local claimed = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))) do
  if redis.call('HGET', ARGV[4] .. id, 'state') == 'open' then
    redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), id)
    table.insert(claimed, id)
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return claimed`;

/** KEYS: the schema's key. ARGV: the schema's JSON, how long to keep it in ms. Keeps it that long, or longer when it already was. */
export const PUT_SCHEMA = `
if redis.call('PTTL', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
