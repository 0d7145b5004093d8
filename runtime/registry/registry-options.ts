import type { SchemaCheck } from "./admit.js";
import type { RegistryLimits } from "./limits.js";
import type { SharedOwnerBudget } from "./shared-budget.js";

export interface ClientToolRegistryOptions {
  /** The server's own tool names; a client tool that takes one is refused. */
  readonly reservedNames?: Iterable<string>;
  /**
   * One more check of each schema of a spec a client may have sent, before the rules of the
   * runtime's own tables: `@gen-client-tools/runtime/server` gives its registry the draft's meta-schema
   * check, with ajv, which the browser entry leaves out (it has no ajv).
   */
  readonly checkSchema?: SchemaCheck;
  /**
   * Where a tool name stands for one pair of schemas. `"conversation"` (the default): within
   * each conversation and against the tools registered for every conversation, so that one
   * conversation cannot lock a name for the others; two conversations may hold one name with
   * different schemas. `"registry"`: in every conversation at once, as the OpenHands agent server
   * keeps one process-wide registry (a name is then refused with other schemas while any
   * conversation holds it).
   */
  readonly names?: "conversation" | "registry";
  /**
   * What a spec a client sends gets when its name is one of `reservedNames` (or looks like one):
   * `"error"` (the default) refuses the registration with `ClientToolNameCollisionError`;
   * `"ignore"` passes the spec over, registers the others, and lists it in the result's
   * `ignored`, as agent engines do that take a client's tools beside their own.
   */
  readonly onReservedName?: "error" | "ignore";
  /**
   * Bounds on what clients register, over the defaults. Each spec a client may have sent: 256 KiB
   * of JSON, 10,000 schema objects per schema, 1,000 properties per object, 1,000 enum values,
   * 100,000 schema nodes once unfolded through its `$ref`s (past one, the spec is refused with
   * 422, naming the limit). Each conversation: 128 tools of its own, taken to cost 16 MiB at most
   * (422; `clientToolBytes`: the spec and the validators that may be compiled from it). Each owner:
   * 1,000 conversations with tools of their own at once, taken to cost 64 MiB at most in all (429;
   * counted for `scope(id, { owner })`). The generated specs and the tools registered for every
   * conversation are the server's and are not bounded.
   */
  readonly limits?: Partial<RegistryLimits>;
  /**
   * Where `registerInScope` counts each owner's conversations and what their tools cost for every instance at once (a
   * store shared by the server's processes, such as `RedisPendingCallStore`), so that `maxConversationsPerOwner` and
   * `maxBytesPerOwner` hold across instances. Without it each instance counts its own.
   */
  readonly sharedBudget?: SharedOwnerBudget;
  /**
   * How long `sharedBudget` counts a conversation after its last registration, in ms, should no instance drop it (a
   * process that stops never does); default a day.
   */
  readonly sharedBudgetHoldMs?: number;
}

export const DEFAULT_SHARED_BUDGET_HOLD_MS = 24 * 60 * 60 * 1000;
