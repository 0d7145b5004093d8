import { DEFAULT_SPEC_LIMITS, type SpecLimits } from "../schema/spec-limits.js";
import type { ClientToolSpec } from "../tool-spec/types.js";

/**
 * What a registry lets clients hold: each spec's bounds, and how much one conversation and one
 * owner may register, so that a client's tools (and the validators compiled for them) cost the
 * server a bounded amount of memory.
 */
export interface RegistryLimits extends SpecLimits {
  /** A conversation's own tools (beside the server's); default 128, what one OpenAI request takes. */
  readonly maxToolsPerConversation: number;
  /** Conversations of one owner that hold tools of their own at once (`scope(id, { owner })`); default 1,000. */
  readonly maxConversationsPerOwner: number;
  /** What a conversation's own tools may cost in bytes (`clientToolBytes`); default 16 MiB. */
  readonly maxBytesPerConversation: number;
  /** What the tools of all of one owner's conversations may cost in bytes (`clientToolBytes`); default 64 MiB. */
  readonly maxBytesPerOwner: number;
}

export const DEFAULT_REGISTRY_LIMITS: RegistryLimits = {
  ...DEFAULT_SPEC_LIMITS,
  maxToolsPerConversation: 128,
  maxConversationsPerOwner: 1_000,
  maxBytesPerConversation: 16 * 1024 * 1024,
  maxBytesPerOwner: 64 * 1024 * 1024,
};

/**
 * Heap bytes a validator compiled from a schema takes per byte of the schema's JSON (measured
 * with ajv's standalone code of a 64 KB schema: 13.3).
 */
export const VALIDATOR_BYTES_PER_SCHEMA_BYTE = 13;

/**
 * What a client's tool is taken to cost the server: its spec as kept (measured: 1.2 bytes of
 * heap per byte of JSON, counted as 1), and the validators that may be compiled from its schemas
 * (`VALIDATOR_BYTES_PER_SCHEMA_BYTE` per byte of each), counted at registration, before any is
 * compiled, so that what an owner registers bounds what calling its tools can cost.
 */
export function clientToolBytes(spec: ClientToolSpec): number {
  const schemas = [spec.parameters, spec.outputSchema, spec.privateInput?.schema].reduce(
    (sum, schema) => sum + (schema === undefined ? 0 : JSON.stringify(schema).length),
    0,
  );
  return JSON.stringify(spec).length + VALIDATOR_BYTES_PER_SCHEMA_BYTE * schemas;
}
