import type { ClientToolSpec } from "../tool-spec/types.js";

/**
 * A conversation's own client tools, in the body a client sends when it creates a
 * conversation: persist it with the conversation, hand it back to a client that reattaches,
 * and pass it to `register` to restore the tools after a restart or copy them to a fork.
 */
export interface ClientToolScopeSnapshot {
  readonly client_tools: readonly ClientToolSpec[];
}

/** A whole registry as plain JSON: its reserved names, its own tools and every conversation's. */
export interface ClientToolRegistrySnapshot {
  readonly version: 1;
  readonly reservedNames: readonly string[];
  readonly client_tools: readonly ClientToolSpec[];
  readonly scopes: readonly ({ readonly conversationId: string; readonly owner?: string } & ClientToolScopeSnapshot)[];
}

/** A snapshot's shape, checked; the specs inside are left to `register`, which checks them fully. */
export interface RegistrySnapshotContents {
  readonly reservedNames: readonly string[];
  readonly clientTools: readonly unknown[];
  readonly scopes: readonly {
    readonly conversationId: string;
    readonly owner: string | undefined;
    readonly clientTools: readonly unknown[];
  }[];
}

/**
 * Reads what `ClientToolRegistry#snapshot` wrote (after any JSON round trip); throws a TypeError naming the bad spot.
 */
export function readRegistrySnapshot(json: unknown): RegistrySnapshotContents {
  const root = record(json, "");
  if (root["version"] !== 1) throw invalid("/version", "must be 1");
  const reservedNames = array(root["reservedNames"], "/reservedNames");
  reservedNames.forEach((name, i) => {
    if (typeof name !== "string") throw invalid(`/reservedNames/${i}`, "must be a string");
  });
  const scopes = array(root["scopes"], "/scopes").map((value, i) => {
    const scope = record(value, `/scopes/${i}`);
    const conversationId = scope["conversationId"];
    if (typeof conversationId !== "string") throw invalid(`/scopes/${i}/conversationId`, "must be a string");
    const owner = scope["owner"];
    if (owner !== undefined && typeof owner !== "string") throw invalid(`/scopes/${i}/owner`, "must be a string");
    return { conversationId, owner, clientTools: array(scope["client_tools"], `/scopes/${i}/client_tools`) };
  });
  return {
    reservedNames: reservedNames as string[],
    clientTools: array(root["client_tools"], "/client_tools"),
    scopes,
  };
}

function record(value: unknown, pointer: string): Readonly<Record<string, unknown>> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalid(pointer, "must be an object");
  return value as Readonly<Record<string, unknown>>;
}

function array(value: unknown, pointer: string): readonly unknown[] {
  if (!Array.isArray(value)) throw invalid(pointer, "must be an array");
  return value;
}

function invalid(pointer: string, what: string): TypeError {
  return new TypeError(`Not a client tool registry snapshot: ${pointer || "/"} ${what}.`);
}
