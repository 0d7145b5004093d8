import { DEFAULT_MAX_VALUE_DEPTH } from "../schema/value-depth.js";
import type { PrivateInputHandlers } from "../wire/private-input-call.js";
import type { ClientToolValidators } from "../wire/validation.js";
import type { ClientToolApprover } from "./approval.js";
import { reportError } from "./report-error.js";
import type { RequestSigningOptions } from "./signing/signed-request-id.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";
import type { PendingCallStore } from "./stores/store.js";
import type { ClientCallTelemetryOptions } from "./telemetry/telemetry-options.js";
import type { BrokerRecovery } from "./tool-policy.js";
import type { ClientToolSource } from "./tools.js";
import type { SchemaValidatorsOptions } from "./validation/schema-validators.js";

export interface ClientCallBrokerOptions {
  /** A `ClientToolRegistry` (asked on every call) or a list of specs. */
  readonly tools: ClientToolSource;
  /** Default: a new `InMemoryPendingCallStore`. Share one store between brokers in different processes to scale out. */
  readonly store?: PendingCallStore;
  /**
   * Precompiled result validators (the generator's `--validators` output); other tools are compiled with ajv on first
   * use.
   */
  readonly validators?: ClientToolValidators;
  /**
   * Asked about every call after the permission check and before the client hears of it;
   * a refusal (or a hook that throws) ends the call as `denied`, and the client never sees it.
   * The call waits for the hook; its timeout starts once the call is approved.
   */
  readonly approve?: ClientToolApprover;
  /**
   * How long the `approve` hook may take (a person deciding is not the tool's execution time):
   * past it, the call ends as `denied`. Default 600 seconds.
   */
  readonly approvalTimeoutSeconds?: number;
  /**
   * The recovery policy of tools whose spec names none: what becomes of a call when the process
   * that dispatched it died (the agent loop dispatches it again) or its client's connection
   * closed. `"wait"` (the default) keeps it open; `"settle"` ends it as `unknown_outcome`.
   * `"redispatch"` is only ever a tool's own (its spec must say running it twice is harmless).
   */
  readonly recovery?: BrokerRecovery;
  /**
   * The export the model was given, when it asked for `strict: "compile"`: each dispatch's
   * arguments are mapped back from the tool's strict variant to its own shape (its
   * `fromStrictArguments`) before they are checked, stored or sent.
   */
  readonly strictArguments?: { readonly fromStrictArguments: (toolName: string, args: unknown) => unknown };
  /**
   * The server's handlers of private inputs, by tool name (the generated `clientInputHandlers(...)`):
   * required for every private-input tool this broker dispatches or takes answers of. Give every
   * instance the same handlers: a private input is taken where it arrives and never stored or
   * forwarded, so an instance without the handler refuses it (421).
   */
  readonly privateInputs?: PrivateInputHandlers;
  /** How many compiled schemas of clients' tools the broker keeps (the least recently used go first); default 1000. */
  readonly maxCompiledSchemas?: number;
  /**
   * How many bytes the validators compiled for clients' tools may take, as estimated from their
   * schemas (13 bytes a byte of JSON); the least recently used go first. Default 256 MiB, in the
   * thread they are compiled and run in (whose heap is 512 MB).
   */
  readonly maxCompiledBytes?: number;
  /**
   * How long checking one answer or one set of arguments against a client's schema may take, in a
   * thread apart from the event loop: past it the value is refused as too costly to check (422 for
   * an answer, `invalid_arguments` for arguments). Default 500 ms.
   */
  readonly validationTimeoutMs?: number;
  /**
   * How many bytes of one owner's answers the transports may be taking at once (reading, parsing,
   * checking): past it, an answer gets 429 (`ClientAnswersBusyError`) and nothing is done with it.
   * Default 8 MiB (eight answers at the largest size).
   */
  readonly maxAnswerBytesInFlightPerOwner?: number;
  /**
   * How many of one owner's answers the transports may be taking at once, whatever their size:
   * past it, an answer gets 429 (`ClientAnswersBusyError`) before any lookup, so a flood of small
   * answers costs the store no more than this many round trips at a time. Default 64.
   */
  readonly maxAnswersInFlightPerOwner?: number;
  /**
   * How many invalid answers one call takes (counted by the store across instances, where it can):
   * the one that reaches it ends the call as `error`, saying so, and later answers get 409. Default 10.
   */
  readonly maxInvalidAnswers?: number;
  /**
   * How many open calls one owner may have at once, across every instance sharing the store (the
   * store counts them atomically); a dispatch past it ends as `denied`. Default 1,000.
   */
  readonly maxOpenCallsPerOwner?: number;
  /**
   * How many bytes of arguments (about their JSON's length: `valueSize`) one owner's open calls may hold together,
   * across every instance sharing the store (counted in the same atomic step); a dispatch past it ends as `denied`.
   * Default 16 MiB.
   */
  readonly maxOpenCallBytesPerOwner?: number;
  /**
   * With a store shared by processes (one with `claimExpired`, as the Redis store): how often
   * this broker ends the calls of any process whose deadline has passed, so that a call whose
   * dispatcher died still ends at its deadline, as `timeout`. Default 500 ms, jittered.
   */
  readonly sweepIntervalMs?: number;
  /**
   * How this instance is named in `broker.summary()` (a pod's or host's name); default a random one. With a store
   * shared by processes each instance reports itself there after each sweep, so a summary at any instance lists them all.
   */
  readonly instanceId?: string;
  /**
   * How deep the model's arguments and a client's result may nest (objects and arrays); deeper is refused before any
   * validator runs. Default 64.
   */
  readonly maxValueDepth?: number;
  /**
   * Where errors go that no caller can receive: a throwing event listener, a store failing under a timer. Default: a
   * warning on the process (`process.on("warning")`).
   */
  readonly onError?: (error: unknown, context: string) => void;
  /**
   * Signed request ids, with keys every instance shares: each id binds the call's conversation,
   * owner, tool, toolCallId, arguments and final deadline (HMAC-SHA256), and an answer with an
   * id that is forged, altered or past that deadline is refused (404) before the store is read.
   * The same keys sign approval decisions (`signDecision`) that `approve` hands back.
   */
  readonly signing?: RequestSigningOptions;
  /**
   * OpenTelemetry spans and metrics of the calls, when `@opentelemetry/api` is installed (an
   * optional peer): through the global providers, with nothing to set up here. Record arguments
   * or results with these options; `false` turns it off. Default `{}`.
   */
  readonly telemetry?: ClientCallTelemetryOptions | false;
}

/** The `approve` hook's time, by default: a person may take a while to decide. */
const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 600;
/** How many open calls one owner may have, by default. */
const DEFAULT_MAX_OPEN_CALLS_PER_OWNER = 1000;
/** How many bytes of arguments one owner's open calls may hold together, by default. */
const DEFAULT_MAX_OPEN_CALL_BYTES_PER_OWNER = 16 * 1024 * 1024;
/** How many bytes of one owner's answers may be taken at once, by default. */
const DEFAULT_MAX_ANSWER_BYTES_IN_FLIGHT = 8 * 1024 * 1024;
const DEFAULT_MAX_ANSWERS_IN_FLIGHT = 64;
/** How many invalid answers a call takes, by default. */
const DEFAULT_MAX_INVALID_ANSWERS = 10;
/** The default interval between sweeps of a shared store's deadlines (each wait drawn from half to one and a half times it). */
export const DEFAULT_SWEEP_INTERVAL_MS = 500;

/** The broker's options with their defaults applied and checked: what its parts read. */
export interface BrokerSettings {
  readonly store: PendingCallStore;
  readonly maxValueDepth: number;
  readonly maxOpenCallsPerOwner: number;
  readonly maxOpenCallBytesPerOwner: number;
  readonly maxAnswerBytesInFlightPerOwner: number;
  readonly maxAnswersInFlightPerOwner: number;
  readonly maxInvalidAnswers: number;
  readonly approvalTimeoutMs: number;
  readonly recovery: BrokerRecovery;
  readonly sweepIntervalMs: number;
  readonly instanceId: string;
  readonly onError: (error: unknown, context: string) => void;
}

/** The options' defaults, each bound checked: a wrong value throws a TypeError naming the option. */
export function brokerSettings(options: ClientCallBrokerOptions): BrokerSettings {
  const settings: BrokerSettings = {
    store: options.store ?? new InMemoryPendingCallStore(),
    maxValueDepth: options.maxValueDepth ?? DEFAULT_MAX_VALUE_DEPTH,
    maxOpenCallsPerOwner: options.maxOpenCallsPerOwner ?? DEFAULT_MAX_OPEN_CALLS_PER_OWNER,
    maxOpenCallBytesPerOwner: options.maxOpenCallBytesPerOwner ?? DEFAULT_MAX_OPEN_CALL_BYTES_PER_OWNER,
    maxAnswerBytesInFlightPerOwner: options.maxAnswerBytesInFlightPerOwner ?? DEFAULT_MAX_ANSWER_BYTES_IN_FLIGHT,
    maxAnswersInFlightPerOwner: options.maxAnswersInFlightPerOwner ?? DEFAULT_MAX_ANSWERS_IN_FLIGHT,
    maxInvalidAnswers: options.maxInvalidAnswers ?? DEFAULT_MAX_INVALID_ANSWERS,
    approvalTimeoutMs: (options.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS) * 1000,
    recovery: options.recovery ?? "wait",
    sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    instanceId: options.instanceId ?? globalThis.crypto.randomUUID().slice(0, 8),
    onError: options.onError ?? reportError,
  };
  for (const name of ["maxInvalidAnswers", "maxOpenCallsPerOwner", "maxOpenCallBytesPerOwner"] as const) {
    const value = settings[name];
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer.`);
  }
  if (settings.recovery !== "wait" && settings.recovery !== "settle") {
    throw new TypeError('recovery must be "wait" or "settle": "redispatch" is a tool\'s own, in its spec.');
  }
  return settings;
}

/** The options of the broker's cache of clients' compiled schemas. */
export function schemaValidatorsOptions(options: ClientCallBrokerOptions): SchemaValidatorsOptions {
  return {
    ...(options.maxCompiledSchemas !== undefined && { maxEntries: options.maxCompiledSchemas }),
    ...(options.maxCompiledBytes !== undefined && { maxBytes: options.maxCompiledBytes }),
    ...(options.validationTimeoutMs !== undefined && { validationDeadlineMs: options.validationTimeoutMs }),
  };
}
