// @gen-client-tools/runtime/redis: the pending-call store for several instances and restarts.
// It imports nothing of the `redis` package: pass a connected client (single, Sentinel or cluster) of your own.

export type {
  RedisClientLike,
  RedisClusterLike,
  RedisConnectionLike,
  RedisSentinelLike,
  RedisSubscriberLike,
} from "./commands.js";
export { RedisPendingCallStore } from "./redis-store.js";
export type { RedisPendingCallStoreOptions } from "./store-options.js";
export { DEFAULT_OPERATION_TIMEOUT_MS } from "./store-options.js";
