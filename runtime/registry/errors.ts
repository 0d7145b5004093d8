import type { ClientToolSpecError } from "../tool-spec/errors.js";
import type { JsonValue, SpecProblem } from "../util/json.js";
import type { JsonDifference } from "./first-difference.js";

/**
 * Why a registration was refused. Every case is the client's to fix, so it carries the HTTP
 * status and body an agent server answers with:
 * `catch (e) { if (e instanceof ClientToolRegistrationError) return res.status(e.status).json(e) }`.
 */
export class ClientToolRegistrationError extends Error {
  override readonly name: string = "ClientToolRegistrationError";
  /**
   * 422, 403 for what only the server may register (`ClientToolPrivateInputError`), or 429 for a quota
   * (`ClientToolLimitError`).
   */
  readonly status: 403 | 422 | 429 = 422;

  /** The body the OpenHands agent server sends for a registration error. */
  toJSON(): { detail: string } {
    return { detail: this.message };
  }
}

/** The input was not valid client-tool specs; `problems` lists every one, at JSON pointers into the input. */
export class ClientToolInvalidSpecError extends ClientToolRegistrationError {
  override readonly name = "ClientToolInvalidSpecError";
  readonly problems: readonly SpecProblem[];

  constructor(
    cause: ClientToolSpecError,
    /** Set when the spec was registered with its checks deferred, and failed them on first use. */
    readonly toolName?: string,
  ) {
    super(
      toolName === undefined ? cause.message : `Client tool "${toolName}", checked on its first use: ${cause.message}`,
      { cause },
    );
    this.problems = cause.problems;
  }
}

/**
 * A conversation's registration (a client's) had a spec with `privateInput`: only the server's own
 * registrations may define what its trusted handler receives and what the model is told.
 */
export class ClientToolPrivateInputError extends ClientToolRegistrationError {
  override readonly name = "ClientToolPrivateInputError";
  override readonly status = 403;

  constructor(
    readonly toolName: string,
    /** Where the spec is in the input. */
    readonly pointer: string,
  ) {
    super(
      `Client tool ${JSON.stringify(toolName)} (at ${pointer || "/"}) has a "privateInput", which only the ` +
        `server's own registrations may have: register it with registry.register at start-up, not per conversation.`,
    );
  }
}

/** One registration named the same tool twice. */
export class ClientToolDuplicateNameError extends ClientToolRegistrationError {
  override readonly name = "ClientToolDuplicateNameError";

  constructor(
    readonly toolName: string,
    /** Where the two specs are in the input. */
    readonly pointers: readonly [string, string],
  ) {
    super(
      `Client tool "${toolName}" is given twice in one registration (at ` +
        `${pointers[0] || "/"} and ${pointers[1] || "/"}): give each tool once.`,
    );
  }
}

/** A client tool took the name of one of the server's own tools. */
export class ClientToolNameCollisionError extends ClientToolRegistrationError {
  override readonly name = "ClientToolNameCollisionError";

  constructor(
    readonly toolName: string,
    /** The server's tool it collides with: the same name, or one that differs only in case, "-" or "_". */
    readonly reservedName: string = toolName,
  ) {
    super(
      reservedName === toolName
        ? `Client tool "${toolName}" has the name of one of the server's own tools: rename the client tool.`
        : `Client tool "${toolName}" looks like "${reservedName}", one of the server's own ` +
            `tools (names are compared ignoring case, "-" and "_"): rename the client tool.`,
    );
  }
}

/**
 * A name that differs from a tool the conversation has only in case, `-` or `_`: a model could take one for the other.
 */
export class ClientToolLookalikeNameError extends ClientToolRegistrationError {
  override readonly name = "ClientToolLookalikeNameError";

  constructor(
    readonly toolName: string,
    readonly existingName: string,
  ) {
    super(
      `Client tool "${toolName}" looks like the client tool "${existingName}" ` +
        `(names are compared ignoring case, "-" and "_"): rename one of them.`,
    );
  }
}

/**
 * A tool of this name is already registered with other schemas, where the name must keep them:
 * within a conversation and against the tools for every conversation (or in the whole registry,
 * with `names: "registry"`), so that a model, a stored conversation and its client agree on
 * what `name` means.
 */
export class ClientToolSchemaConflictError extends ClientToolRegistrationError {
  override readonly name = "ClientToolSchemaConflictError";
  /** JSON pointer into the spec (`/parameters/...` or `/outputSchema/...`) of the first difference. */
  readonly pointer: string;
  readonly registeredValue: JsonValue | undefined;
  readonly newValue: JsonValue | undefined;

  constructor(
    readonly toolName: string,
    difference: JsonDifference,
  ) {
    super(
      `Client tool "${toolName}" is already registered with a different schema: at ${difference.pointer} ` +
        `the registered spec has ${describe(difference.left)} and this one has ${describe(difference.right)}. ` +
        "A tool's name and schemas are its identity: keep the schema, or give the changed tool a new name.",
    );
    this.pointer = difference.pointer;
    this.registeredValue = difference.left;
    this.newValue = difference.right;
  }
}

/** A spec's precomputed fingerprint is not the fingerprint of its schema: it was edited after generation. */
export class ClientToolFingerprintMismatchError extends ClientToolRegistrationError {
  override readonly name = "ClientToolFingerprintMismatchError";

  constructor(
    readonly toolName: string,
    /** JSON pointer of the stale fingerprint in the input. */
    readonly pointer: string,
    readonly claimed: string,
    readonly actual: string,
  ) {
    super(
      `Client tool "${toolName}": the fingerprint at ${pointer} ` +
        `is ${claimed}, but the schema's fingerprint is ${actual}. ` +
        'The schema was changed after the fingerprint was computed: regenerate the specs, or remove "fingerprints" to have them computed.',
    );
  }
}

/**
 * A registration would take a conversation or an owner past one of the registry's limits:
 * 422 for too many tools in a conversation, 429 for too many conversations of one owner.
 */
export class ClientToolLimitError extends ClientToolRegistrationError {
  override readonly name = "ClientToolLimitError";
  override readonly status: 422 | 429;

  constructor(
    /** The `ClientToolRegistryOptions.limits` entry that was reached. */
    readonly limit:
      | "maxToolsPerConversation"
      | "maxConversationsPerOwner"
      | "maxBytesPerConversation"
      | "maxBytesPerOwner",
    readonly max: number,
    what: string,
  ) {
    super(`${what}, over the limit of ${max} (the registry's limits.${limit}).`);
    // An owner's quota frees up as its conversations are dropped; a conversation's never does.
    this.status = limit === "maxConversationsPerOwner" || limit === "maxBytesPerOwner" ? 429 : 422;
  }
}

const MAX_SHOWN = 80;

/** A value for a message: its JSON, shortened; "nothing" when absent. */
function describe(value: JsonValue | undefined): string {
  if (value === undefined) return "nothing";
  const json = JSON.stringify(value);
  return json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN - 1)}…` : json;
}
