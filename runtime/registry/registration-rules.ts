import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonValue } from "../util/json.js";
import { admitClientToolSpecs, type SchemaCheck } from "./admit.js";
import type { AdmittedSpec } from "./admitted-spec.js";
import {
  ClientToolDuplicateNameError,
  ClientToolLimitError,
  ClientToolLookalikeNameError,
  ClientToolNameCollisionError,
  ClientToolPrivateInputError,
  ClientToolSchemaConflictError,
} from "./errors.js";
import { findFirstDifference } from "./first-difference.js";
import { clientToolBytes, type RegistryLimits } from "./limits.js";
import { nameKey } from "./name-key.js";
import { specList } from "./spec-list.js";
import { admittedSpecOf, toolFor } from "./tool.js";
import type { ClientToolLookup, ClientToolRegistration, IgnoredClientTool, RegisteredClientTool } from "./types.js";

/**
 * Who holds a name, registry-wide: the tool whose identity the name stands for, and how many
 * views hold a tool of that name.
 */
interface Claim {
  /** The most recent registration under this name; reused when a spec matches it exactly. */
  tool: RegisteredClientTool;
  holders: number;
}

/** What all views of one registry share. */
export interface RegistryState {
  /** The server's own tool names, by `nameKey`. */
  readonly reservedNames: ReadonlyMap<string, string>;
  /** The registry's further check of client schemas (`ClientToolRegistryOptions.checkSchema`). */
  readonly checkSchema?: SchemaCheck;
  /**
   * Bounds on client specs and on what a conversation holds (`ClientToolRegistryOptions.limits`, over the defaults).
   */
  readonly limits: RegistryLimits;
  /** What a spec named like one of the server's tools gets (`ClientToolRegistryOptions.onReservedName`). */
  readonly onReservedName: "error" | "ignore";
  /** Claims shared by every view (`names: "registry"`); absent, each view keeps its own, and sees its parent's. */
  readonly claims?: Map<string, Claim>;
}

/**
 * The spec fields that make up (or record) a tool's identity; every other field is metadata a registration may change.
 */
const IDENTITY_KEYS: ReadonlySet<string> = new Set([
  "name",
  "parameters",
  "outputSchema",
  "awaited",
  "privateInput",
  "fingerprints",
]);

/**
 * A set of tools: the registry's own (no parent), or a conversation's (its parent is the
 * registry's, whose tools it sees too). Every view of a registry obeys the same name ->
 * identity rule, through the shared claims.
 */
export class ToolView implements ClientToolLookup {
  readonly #state: RegistryState;
  readonly #parent: ToolView | undefined;
  readonly #own = new Map<string, RegisteredClientTool>();
  /** What each own tool is taken to cost (`clientToolBytes`), for a conversation's budget. */
  readonly #ownBytes = new Map<string, number>();
  /**
   * A conversation's budget: told the bytes of its own tools before and after a registration, it throws to refuse it.
   */
  readonly #budget: ((before: number, after: number) => void) | undefined;
  /** The names this view holds, with the identity each stands for: the registry's, or this view's own. */
  readonly #claims: Map<string, Claim>;
  #released = false;

  constructor(state: RegistryState, parent?: ToolView, budget?: (before: number, after: number) => void) {
    this.#state = state;
    this.#parent = parent;
    this.#budget = budget;
    this.#claims = state.claims ?? new Map();
  }

  /** Who holds a name for this view: itself (or every view, when claims are shared), else its parent. */
  claimOf(name: string): Claim | undefined {
    return this.#claims.get(name) ?? (this.#state.claims === undefined ? this.#parent?.claimOf(name) : undefined);
  }

  get(name: string): RegisteredClientTool | undefined {
    return this.#own.get(name) ?? this.#parent?.get(name);
  }

  /**
   * The parent's tools (each replaced by this view's own registration of that name, if any), then this view's other
   * tools.
   */
  list(): readonly RegisteredClientTool[] {
    if (this.#parent === undefined) return [...this.#own.values()];
    const inherited = this.#parent.list().map((tool) => this.#own.get(tool.name) ?? tool);
    return [...inherited, ...[...this.#own.values()].filter((tool) => this.#parent?.get(tool.name) === undefined)];
  }

  /** The specs this view registered itself, as kept (parsed, frozen, with fingerprints). */
  ownSpecs(): ClientToolSpec[] {
    return [...this.#own.values()].map((tool) => tool.spec);
  }

  /**
   * All or nothing: every spec is checked before any is kept (a deferred spec, as far as
   * registration checks it). A spec with the identity of a tool already registered returns that
   * very object when nothing else changed either, and a new one (the newest description,
   * annotations, permission and timeout) when something did.
   */
  register(input: unknown): ClientToolRegistration {
    if (this.#released)
      throw new Error(
        "This conversation's client tools were dropped: get a new view from registry.scope(conversationId).",
      );
    if (this.#parent !== undefined) {
      // More specs than a conversation may hold are refused before any is checked.
      const list = specList(input);
      this.#checkToolCount(list.items.length);
      list.items.forEach((item, i) => {
        if (typeof item === "object" && item !== null && Object.hasOwn(item, "privateInput")) {
          const name = (item as { readonly name?: unknown }).name;
          throw new ClientToolPrivateInputError(typeof name === "string" ? name : "", list.pointer(i));
        }
      });
    }
    const entries = admitClientToolSpecs(input, this.#state.checkSchema, this.#state.limits);
    const pointers = new Map<string, string>();
    // What this view's names look like: a new name must not pass for one of them.
    const lookalikes = new Map<string, string>();
    for (const tool of this.list()) lookalikes.set(nameKey(tool.name), tool.name);
    const ignored: IgnoredClientTool[] = [];
    const tools = entries.flatMap(({ pointer, spec }) => {
      const { name } = spec;
      const earlier = pointers.get(name);
      if (earlier !== undefined) throw new ClientToolDuplicateNameError(name, [earlier, pointer]);
      pointers.set(name, pointer);
      const key = nameKey(name);
      const reserved = this.#state.reservedNames.get(key);
      if (reserved !== undefined && this.#state.onReservedName === "ignore") {
        ignored.push({ name, reservedName: reserved, pointer });
        return [];
      }
      if (reserved !== undefined) throw new ClientToolNameCollisionError(name, reserved);
      const alike = lookalikes.get(key);
      if (alike !== undefined && alike !== name) throw new ClientToolLookalikeNameError(name, alike);
      lookalikes.set(key, name);
      const claim = this.claimOf(name);
      return [claim === undefined ? toolFor(spec) : this.#againUnder(claim, spec)];
    });
    if (this.#parent !== undefined)
      this.#checkToolCount(this.#own.size + tools.filter((tool) => !this.#own.has(tool.name)).length);
    // A spec whose checks were deferred (frozen, with fingerprints) is the server's code, never a client's JSON: it
    // costs nothing here.
    const bytes =
      this.#budget === undefined
        ? undefined
        : new Map(tools.map((tool) => [tool.name, admittedSpecOf(tool).isVerified ? clientToolBytes(tool.spec) : 0]));
    if (bytes !== undefined) {
      const before = this.ownBytes();
      let after = before;
      for (const [name, cost] of bytes) after += cost - (this.#ownBytes.get(name) ?? 0);
      this.#budget!(before, after);
    }
    for (const tool of tools) this.#keep(tool, bytes?.get(tool.name));
    return Object.freeze(Object.assign(tools, { ignored: Object.freeze(ignored) }));
  }

  /** What this view's own tools are taken to cost, in bytes (0 for a view without a budget). */
  ownBytes(): number {
    let sum = 0;
    for (const cost of this.#ownBytes.values()) sum += cost;
    return sum;
  }

  /** Verifies every tool this view registered itself that is not verified yet; throws the first problem. */
  verifyOwn(): void {
    for (const tool of this.#own.values()) admittedSpecOf(tool).verified();
  }

  /** Gives up this view's claims, so a name no view holds any more is free for another schema. */
  release(): void {
    this.#released = true;
    for (const name of this.#own.keys()) {
      const claim = this.#claims.get(name)!;
      if (--claim.holders === 0) this.#claims.delete(name);
    }
    this.#own.clear();
    this.#ownBytes.clear();
  }

  /** The tool for a spec whose name is taken: the same tool, a re-described one, or a conflict. */
  #againUnder(claim: Claim, incoming: AdmittedSpec): RegisteredClientTool {
    const held = [this.#own.get(incoming.name), this.#parent?.get(incoming.name), claim.tool].filter(
      (tool) => tool !== undefined,
    );
    // The very object registered before is the same tool, with nothing to check.
    const same = held.find((tool) => admittedSpecOf(tool).key === incoming.key);
    if (same !== undefined) return same;
    // Another object: both sides verified before they are compared, so that a stale fingerprint
    // on either side is reported as stale, never taken for a match or a conflict.
    const verified = incoming.verified();
    if (claim.tool.identity !== verified.identity) throw conflictError(claim.tool.spec, verified.spec);
    return held.find((tool) => sameMetadata(tool.spec, verified.spec)) ?? toolFor(incoming);
  }

  /** A conversation's own tools stay within the limit; the registry's own (the server's) are not counted. */
  #checkToolCount(count: number): void {
    const max = this.#state.limits.maxToolsPerConversation;
    if (count > max)
      throw new ClientToolLimitError(
        "maxToolsPerConversation",
        max,
        `This registration would give the conversation ${count} client tools of its own`,
      );
  }

  #keep(tool: RegisteredClientTool, bytes: number | undefined): void {
    if (bytes !== undefined) this.#ownBytes.set(tool.name, bytes);
    const claim = this.#claims.get(tool.name);
    if (claim === undefined) {
      this.#claims.set(tool.name, { tool, holders: 1 });
    } else {
      if (!this.#own.has(tool.name)) claim.holders++;
      claim.tool = tool;
    }
    this.#own.set(tool.name, tool);
  }
}

function sameMetadata(kept: ClientToolSpec, incoming: ClientToolSpec): boolean {
  if (kept === incoming) return true;
  const a = kept as unknown as Readonly<Record<string, JsonValue>>;
  const b = incoming as unknown as Readonly<Record<string, JsonValue>>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!IDENTITY_KEYS.has(key) && findFirstDifference(a[key], b[key]) !== undefined) return false;
  }
  return true;
}

function conflictError(registered: ClientToolSpec, incoming: ClientToolSpec): ClientToolSchemaConflictError {
  const difference =
    findFirstDifference(registered.parameters, incoming.parameters, "/parameters") ??
    findFirstDifference(registered.outputSchema, incoming.outputSchema, "/outputSchema") ??
    findFirstDifference(registered.awaited ?? false, incoming.awaited ?? false, "/awaited") ??
    findFirstDifference(registered.privateInput, incoming.privateInput, "/privateInput");
  // Different identities mean different canonical JSON of a schema, or one tool awaited without an outputSchema and the
  // other not.
  return new ClientToolSchemaConflictError(registered.name, difference!);
}
