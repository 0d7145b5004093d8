import { schemaFingerprint } from "../fingerprint/fingerprint.js";
import type { JsonObject } from "../schema/json.js";
import { DEFAULT_MAX_VALUE_DEPTH, unfitValue, valueSize } from "../schema/value-depth.js";
import {
  ClientAnswerMalformedError,
  ClientCallClosedError,
  ClientCallNotFoundError,
  ClientCallStaleAttemptError,
  ClientResultInvalidError,
  PrivateInputMisdirectedError,
} from "../wire/errors.js";
import type { ClientToolRequest } from "../wire/messages.js";
import type { ClientCallCancelled, ClientCallOutcome } from "../wire/outcome.js";
import type { PrivateInputHandlers } from "../wire/private-input-call.js";
import type { ClientToolDifference } from "../wire/tool-difference.js";
import type { ClientToolValidators, ValidationProblem } from "../wire/validation.js";
import { argsFingerprint, type ClientToolApprovalRequest, type ClientToolApprover } from "./approval.js";
import { type Admission, createAdmission } from "./calls/admission.js";
import { type AnswerInFlight, AnswersInFlight } from "./calls/answers-in-flight.js";
import type { DispatchInput } from "./calls/dispatch-input.js";
import { FailureRuns } from "./calls/failure-runs.js";
import { CallLifecycle, DEFAULT_SWEEP_INTERVAL_MS, STORE_LOST } from "./calls/lifecycle.js";
import { CallWaiters } from "./calls/waiters.js";
import { Emitter } from "./emitter.js";
import { InMemoryPendingCallStore } from "./memory-store.js";
import {
  PRIVATE_INPUT_DISMISSED,
  PRIVATE_INPUT_INVALID,
  PRIVATE_INPUT_UNUSABLE,
  privateInputHandlerOf,
  shownProblems,
} from "./private-input.js";
import { reportError } from "./report-error.js";
import { newRequestId } from "./request-id.js";
import {
  type AwaitedSpec,
  createArgumentsChecker,
  createResultChecker,
  type ResultChecker,
} from "./result-validation.js";
import { createSchemaValidators, type SchemaValidators } from "./schema-validators.js";
import {
  type ClientToolDecisionInput,
  createDecisionSigner,
  type DecisionSigner,
  type SignedClientToolDecision,
} from "./signing/signed-decision.js";
import { createRequestSigner, type RequestSigner, type RequestSigningOptions } from "./signing/signed-request-id.js";
import {
  type ClosedCall,
  DuplicateToolCallError,
  OpenCallLimitError,
  type PendingCall,
  type PendingCallFilter,
  type PendingCallStore,
  type PendingCallTool,
  type StoredCall,
  type ToolCallAddress,
} from "./store.js";
import { CallTelemetry } from "./telemetry/call-telemetry.js";
import type { CallTrace } from "./telemetry/call-trace.js";
import { openTelemetry } from "./telemetry/open-telemetry.js";
import type { ClientCallTelemetryOptions } from "./telemetry/telemetry-options.js";
import { type BrokerRecovery, recoveryOf, resendLimit, timeoutSeconds } from "./tool-policy.js";
import {
  type AwaitedTool,
  awaitedToolOf,
  type ClientToolSource,
  isSpecList,
  type KnownTool,
  toolFinder,
} from "./tools.js";

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

export interface SubmitInput {
  readonly requestId: string;
  readonly owner: string;
  /** When given, must be the call's current attempt. */
  readonly attempt?: number;
  readonly result: unknown;
  /** How long the client's handler ran (ms), as it reported it: shown in the call's trace alone. */
  readonly handlerMs?: number;
}

export interface FailInput {
  readonly requestId: string;
  readonly owner: string;
  /** When given, must be the call's current attempt. */
  readonly attempt?: number;
  readonly error: string;
  readonly retryable: boolean;
  /** How long the client's handler ran (ms), as it reported it: shown in the call's trace alone. */
  readonly handlerMs?: number;
}

/** What `broker.inspect(filter)` sees: counts and deadlines (epoch milliseconds), nothing a call carries. */
export interface ClientCallInspection {
  readonly owner: string;
  /** The owner's open calls by tool, in name order, each with its soonest deadline. */
  readonly openCalls: readonly { readonly toolName: string; readonly count: number; readonly nextDeadline: number }[];
  /** The soonest deadline of them all; null without open calls. */
  readonly nextDeadline: number | null;
  /** How many calls this instance dispatched and waits for, of every owner. */
  readonly waiting: number;
  /**
   * This instance's last periodic sweep of a shared store, and whether it reached the store; null before the first (or
   * for a store of one process).
   */
  readonly lastSweep: { readonly at: number; readonly ok: boolean } | null;
  /** Whether the store answered the listing (when not, the calls are not listed and `onError` has the failure). */
  readonly store: "ok" | "unavailable";
}

export interface ClientCallBrokerEvents {
  /**
   * A request to hand to the owner's client: a new call, or a call sent again (`attempt + 1`),
   * by this broker or any other sharing the store.
   */
  readonly requested: PendingCall;
  /** A call has ended, by this broker or any other sharing the store: a client still running it should stop. */
  readonly ended: ClosedCall;
  /** A call this broker dispatched has ended (in any process); fired once per call, as its `dispatch` resolves. */
  readonly settled: ClosedCall;
}

/** The `approve` hook's time, by default: a person may take a while to decide. */
const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 600;

const DISPATCHER_GONE = "the process that dispatched the call stopped while the call was open";
const CLIENT_GONE = "the user's client disconnected while the call was open";
const BROKER_CLOSED: ClientCallCancelled = { status: "cancelled", reason: "the server shut down the call" };
/** How many open calls one owner may have, by default. */
const DEFAULT_MAX_OPEN_CALLS_PER_OWNER = 1000;
/** How many bytes of arguments one owner's open calls may hold together, by default. */
const DEFAULT_MAX_OPEN_CALL_BYTES_PER_OWNER = 16 * 1024 * 1024;
/** How many bytes of one owner's answers may be taken at once, by default. */
const DEFAULT_MAX_ANSWER_BYTES_IN_FLIGHT = 8 * 1024 * 1024;
/** How many invalid answers a call takes, by default. */
const DEFAULT_MAX_INVALID_ANSWERS = 10;
/** How many open calls a broker remembers from the store's notices, so that answering one needs no read of it. */
const HEARD_CALLS_KEPT = 10_000;
/** How many outputSchemas read back from the store a broker keeps. */
const STORED_SCHEMAS_KEPT = 1000;

export type { DispatchInput };
export { DEFAULT_SWEEP_INTERVAL_MS };

/**
 * Carries awaited client tool calls to the client and back: one `dispatch` per model tool
 * call, answered by `submit` or `fail` from a transport, ended exactly once.
 *
 * Every call lives in the store. The broker itself holds only what cannot be stored: the
 * promise of each call it dispatched and that call's timer (see `PendingCallStore` for
 * what several processes sharing a store must do).
 */
export class ClientCallBroker {
  readonly #find: (name: string, conversationId: string) => KnownTool | undefined;
  readonly #store: PendingCallStore;
  readonly #check: ResultChecker;
  readonly #admission: Admission;
  readonly #lifecycle: CallLifecycle;
  readonly #validators: SchemaValidators;
  readonly #unsubscribeDrops: () => void;
  readonly #maxValueDepth: number;
  readonly #maxOpenPerOwner: number;
  readonly #maxOpenBytesPerOwner: number;
  readonly #events: Emitter<ClientCallBrokerEvents>;
  readonly #onError: (error: unknown, context: string) => void;
  readonly #approvalTimeoutMs: number;
  readonly #signer: RequestSigner | undefined;
  readonly #decisions: DecisionSigner | undefined;
  readonly #recovery: BrokerRecovery;
  readonly #strictArguments: ClientCallBrokerOptions["strictArguments"];
  readonly #privateInputs: PrivateInputHandlers | undefined;
  /** Resolves on `close()`, so a dispatch waiting for a hung approval hook still ends. */
  readonly #markClosing: () => void;
  readonly #waiters: CallWaiters;
  /**
   * Open calls as the store's notices told them (the newest attempt heard), until their end is heard; the oldest go
   * first.
   */
  readonly #heard = new Map<string, PendingCall>();
  /**
   * outputSchemas read back from the store, by fingerprint (what a fingerprint names never changes); the oldest go
   * first.
   */
  readonly #storedSchemas = new Map<string, JsonObject>();
  /**
   * How many invalid answers each open call has had here, with a store that does not count them; the oldest go first.
   */
  readonly #invalidAnswers = new Map<string, number>();
  readonly #maxInvalidAnswers: number;
  readonly #answersInFlight: AnswersInFlight;
  readonly #unsubscribe: () => void;
  /** The store's subscription live: no call is opened before, or its notices could go unheard. */
  readonly #storeReady: Promise<void>;
  /** Undefined without `@opentelemetry/api`, or with `telemetry: false`. */
  readonly #telemetry: CallTelemetry | undefined;
  #closed = false;

  constructor(options: ClientCallBrokerOptions) {
    this.#find = toolFinder(options.tools);
    this.#store = options.store ?? new InMemoryPendingCallStore();
    this.#validators = createSchemaValidators({
      ...(options.maxCompiledSchemas !== undefined && { maxEntries: options.maxCompiledSchemas }),
      ...(options.maxCompiledBytes !== undefined && { maxBytes: options.maxCompiledBytes }),
      ...(options.validationTimeoutMs !== undefined && { validationDeadlineMs: options.validationTimeoutMs }),
    });
    this.#check = createResultChecker(options.validators, this.#validators);
    // A conversation the registry forgets takes the validators only it used along.
    this.#unsubscribeDrops = !isSpecList(options.tools)
      ? (options.tools.onScopeDropped?.((conversationId) => this.#validators.release(conversationId)) ?? (() => {}))
      : () => {};
    this.#maxValueDepth = options.maxValueDepth ?? DEFAULT_MAX_VALUE_DEPTH;
    this.#maxOpenPerOwner = options.maxOpenCallsPerOwner ?? DEFAULT_MAX_OPEN_CALLS_PER_OWNER;
    this.#maxInvalidAnswers = options.maxInvalidAnswers ?? DEFAULT_MAX_INVALID_ANSWERS;
    this.#answersInFlight = new AnswersInFlight(
      options.maxAnswerBytesInFlightPerOwner ?? DEFAULT_MAX_ANSWER_BYTES_IN_FLIGHT,
    );
    if (!Number.isInteger(this.#maxInvalidAnswers) || this.#maxInvalidAnswers < 1)
      throw new TypeError("maxInvalidAnswers must be a positive integer.");
    if (!Number.isInteger(this.#maxOpenPerOwner) || this.#maxOpenPerOwner < 1)
      throw new TypeError("maxOpenCallsPerOwner must be a positive integer.");
    this.#maxOpenBytesPerOwner = options.maxOpenCallBytesPerOwner ?? DEFAULT_MAX_OPEN_CALL_BYTES_PER_OWNER;
    if (!Number.isInteger(this.#maxOpenBytesPerOwner) || this.#maxOpenBytesPerOwner < 1)
      throw new TypeError("maxOpenCallBytesPerOwner must be a positive integer.");
    this.#approvalTimeoutMs = (options.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS) * 1000;
    this.#signer = options.signing === undefined ? undefined : createRequestSigner(options.signing);
    this.#decisions = options.signing === undefined ? undefined : createDecisionSigner(options.signing);
    this.#recovery = options.recovery ?? "wait";
    this.#strictArguments = options.strictArguments;
    this.#privateInputs = options.privateInputs;
    if (this.#recovery !== "wait" && this.#recovery !== "settle")
      throw new TypeError('recovery must be "wait" or "settle": "redispatch" is a tool\'s own, in its spec.');
    let markClosing!: () => void;
    const closing = new Promise<void>((resolve) => (markClosing = resolve));
    this.#markClosing = markClosing;
    const onError = options.onError ?? reportError;
    this.#onError = (error, context) => {
      this.#telemetry?.error();
      onError(error, context);
    };
    const api = options.telemetry === false ? undefined : openTelemetry();
    this.#telemetry = api && new CallTelemetry(api, options.telemetry || {});
    this.#events = new Emitter((error, event) => this.#onError(error, `a "${String(event)}" listener threw`));
    this.#admission = createAdmission({
      checkArguments: createArgumentsChecker(options.validators, this.#validators),
      checkResult: this.#check,
      maxValueDepth: this.#maxValueDepth,
      ...(options.approve !== undefined && { approve: options.approve }),
      approvalTimeoutMs: this.#approvalTimeoutMs,
      ...(this.#decisions !== undefined && { decisions: this.#decisions }),
      closing,
      closed: () => this.#closed,
      closedOutcome: BROKER_CLOSED,
      onError: this.#onError,
    });
    // One report an outage, not one a second for each call waited for.
    const deadlineFailures = new FailureRuns((error) =>
      this.#onError(
        error,
        "a client tool call's timer could not reach the store (reported once until one does); each such call tries again a second later",
      ),
    );
    this.#waiters = new CallWaiters(
      (requestId) => this.#lifecycle.expire(requestId).then(() => deadlineFailures.succeeded()),
      (error) => deadlineFailures.failed(error),
    );
    this.#lifecycle = new CallLifecycle({
      store: this.#store,
      waiters: this.#waiters,
      policyOf: (call) => this.#policyOf(call),
      onSettled: (closed) => this.#events.emit("settled", closed),
      onGivenUp: (closed) => this.#events.emit("ended", closed),
      onError: this.#onError,
      onRecovered: (call, policy) => {
        this.#telemetry?.recovered(call.request.toolName, policy);
        if (policy === "redispatch") this.#waiters.get(call.request.requestId)?.trace?.redispatched();
      },
      onSwept: (call) => this.#telemetry?.swept(call.request.toolName),
    });
    // What any broker sharing the store opens goes to the feeds here; what any ends, to this broker's dispatches.
    this.#unsubscribe = this.#store.subscribe({
      requested: (call) => {
        this.#remember(call);
        this.#waiters.get(call.request.requestId)?.trace?.sent(call.request.attempt);
        // A claimed call is with a handler of its private input: no client is asked again.
        if (call.claimed !== true) this.#events.emit("requested", call);
      },
      closed: (closed) => {
        this.#heard.delete(closed.request.requestId);
        this.#invalidAnswers.delete(closed.request.requestId);
        this.#events.emit("ended", closed);
        this.#lifecycle.settle(closed);
      },
      gap: () => {
        this.#heard.clear();
        void this.#lifecycle.recheckWaiters();
      },
    });
    this.#storeReady = this.#store.ready?.() ?? Promise.resolve();
    this.#lifecycle.startSweeping(options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
  }

  on<K extends keyof ClientCallBrokerEvents>(
    event: K,
    listener: (payload: ClientCallBrokerEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  /**
   * Checks the principal's permission, then asks the `approve` hook, then sends the call to
   * the owner's client, and resolves when it ends. A call is addressed by its owner, conversation
   * and toolCallId: dispatched again, it is the same call (nothing is checked or sent again).
   * Never rejects for anything the client does; rejects only for a tool that is unknown or not
   * awaited, for arguments JSON cannot hold while an `approve` hook is set, and when the store fails.
   */
  dispatch(call: DispatchInput): Promise<ClientCallOutcome> {
    let input: DispatchInput;
    let tool: AwaitedTool;
    try {
      input =
        this.#strictArguments === undefined
          ? call
          : { ...call, args: this.#strictArguments.fromStrictArguments(call.toolName, call.args) as object };
      tool = this.#awaitedTool(input.toolName, input.conversationId);
      if (
        tool.spec.privateInput !== undefined &&
        privateInputHandlerOf(this.#privateInputs, input.toolName) === undefined
      ) {
        throw new TypeError(
          `Client tool ${JSON.stringify(input.toolName)} takes a private input: give the broker its handler (privateInputs: clientInputHandlers({...})) before dispatching calls to it.`,
        );
      }
    } catch (error) {
      return Promise.reject(error);
    }
    const trace = this.#telemetry?.startCall(input, tool.spec.privateInput !== undefined);
    const dispatched = this.#dispatch(input, tool, trace);
    if (trace === undefined) return dispatched;
    return dispatched.then(
      (outcome) => {
        trace.ended(outcome);
        return outcome;
      },
      (error: unknown) => {
        trace.failed(error);
        throw error;
      },
    );
  }

  async #dispatch(input: DispatchInput, tool: AwaitedTool, trace: CallTrace | undefined): Promise<ClientCallOutcome> {
    const { spec } = tool;
    if (this.#closed) return BROKER_CLOSED;
    // A call is addressed by its conversation and toolCallId: dispatched again (the agent loop
    // restarted, another instance resumed the conversation), it is the same call. Looked up first
    // when approval or recovery depend on it; otherwise the store's refusal to open it a second
    // time finds it (one round trip less), and so does a check that fails, so a dispatch again
    // attaches however its arguments compare.
    const recovery = recoveryOf(spec, this.#recovery);
    const findFirst = this.#admission.asksApproval || recovery !== "wait";
    if (findFirst) {
      const existing = await this.#store.findByToolCall(input);
      if (existing !== undefined) return this.#attach(existing, true, trace);
    }
    const refused = await this.#admission.refusal(tool, input);
    if (refused !== undefined) {
      const existing = findFirst ? undefined : await this.#store.findByToolCall(input);
      return existing === undefined ? refused : this.#attach(existing, false, trace);
    }
    if (this.#closed) return BROKER_CLOSED;
    const asked = performance.now();
    const unapproved = await this.#admission.approval(input);
    if (this.#admission.asksApproval) trace?.approvalWaited((performance.now() - asked) / 1000);
    if (unapproved !== undefined) return unapproved;
    const seconds = timeoutSeconds(spec);
    // What any instance needs to check and re-send this call's answers, kept with the call.
    const callTool: PendingCallTool = {
      parameters: tool.fingerprints.parameters ?? schemaFingerprint(spec.parameters),
      outputSchema: tool.fingerprints.outputSchema ?? schemaFingerprint(spec.outputSchema),
      timeoutSeconds: seconds,
      maxAttempts: resendLimit(spec),
      recovery,
    };
    const request: ClientToolRequest = {
      requestId: await this.#newRequestId(input, callTool),
      conversationId: input.conversationId,
      toolName: input.toolName,
      toolCallId: input.toolCallId,
      args: input.args as ClientToolRequest["args"],
      attempt: 1,
      expiresAt: Date.now() + seconds * 1000,
      ...(spec.privateInput !== undefined && { privateInput: true, privateInputSchema: spec.privateInput.schema }),
      ...(trace?.traceparent !== undefined && { traceparent: trace.traceparent }),
    };
    const { requestId } = request;
    await this.#storeReady;
    // Waiting starts before the call is stored: an answer may arrive (from a client listing
    // pending calls) before `open` returns.
    const opened: PendingCall = { owner: input.owner, request, tool: callTool };
    const outcome = this.#waiters.wait(opened, false, trace);
    try {
      // What the call holds: its arguments' size, about their JSON's length (a third of the cost of writing it).
      const bytes = valueSize(request.args);
      await this.#store.open(opened, {
        maxOpenPerOwner: this.#maxOpenPerOwner,
        maxOpenBytesPerOwner: this.#maxOpenBytesPerOwner,
        bytes,
        outputSchema: spec.outputSchema,
      });
    } catch (error) {
      this.#waiters.forget(requestId);
      if (error instanceof OpenCallLimitError) return { status: "denied", reason: error.message };
      // Another dispatch of this very call (here or in another process) opened it first.
      if (error instanceof DuplicateToolCallError) {
        const first = await this.#store.findByToolCall(input);
        if (first !== undefined) return this.#attach(first, false, trace);
      }
      throw error;
    }
    this.#waiters.markStored(requestId);
    trace?.opened();
    // `close()` ran while the call was being stored: it settled the dispatch but could not end the stored call.
    if (this.#closed) await this.#store.close(opened, BROKER_CLOSED);
    return outcome;
  }

  /**
   * The parallel tool calls of one model step, dispatched together: resolves once every call has
   * ended, with each call's outcome in the order given (each call with its own permission,
   * approval, owner and attempts, as `dispatch`). Dispatched again after a restart, the batch
   * attaches to its calls and resolves with the answers that arrived meanwhile. Rejects, before
   * anything is dispatched, for a tool that is unknown or not awaited and for a toolCallId given
   * twice in one conversation.
   */
  async dispatchAll(calls: readonly DispatchInput[]): Promise<ClientCallOutcome[]> {
    const seen = new Set<string>();
    for (const call of calls) {
      this.#awaitedTool(call.toolName, call.conversationId);
      const key = JSON.stringify([call.conversationId, call.toolCallId]);
      if (seen.has(key))
        throw new TypeError(
          `The batch has toolCallId ${JSON.stringify(call.toolCallId)} of conversation ${JSON.stringify(call.conversationId)} twice.`,
        );
      seen.add(key);
    }
    return Promise.all(calls.map((call) => this.dispatch(call)));
  }

  /**
   * How the owner's call of this conversation and toolCallId ended, for as long as the store
   * retains it; undefined while it is open, or when it is unknown or forgotten.
   */
  async outcome(input: ToolCallAddress): Promise<ClientCallOutcome | undefined> {
    const stored = await this.#store.findByToolCall(input);
    return stored?.state === "closed" ? stored.outcome : undefined;
  }

  /**
   * The request id of the call of this conversation and toolCallId, for an answer addressed by
   * toolCallId (the `handler: "client"` wire): refused as unknown (404) unless the call is the
   * caller's. The answer then goes to `submit` or `fail`, with their checks.
   */
  async requestIdOf(input: ToolCallAddress): Promise<string> {
    const stored = await this.#store.findByToolCall(input);
    if (stored === undefined) throw new ClientCallNotFoundError(input.toolCallId);
    return stored.request.requestId;
  }

  /**
   * The request of the owner's private-input call of this conversation and toolCallId, open or
   * ended and still retained; undefined for any other call. For transports
   * that must take a private input apart from everything else a client sends (AG-UI's resume).
   */
  async privateInputRequest(input: ToolCallAddress): Promise<ClientToolRequest | undefined> {
    const stored = await this.#store.findByToolCall(input);
    return stored?.request.privateInput !== true ? undefined : stored.request;
  }

  /**
   * For transports: an answer of the owner's client starts arriving. Count its bytes with `add` as
   * they are read (it throws `ClientAnswersBusyError`, 429, past `maxAnswerBytesInFlightPerOwner`)
   * and call `done` once it is taken or refused.
   */
  answerInFlight(owner: string): AnswerInFlight {
    return this.#answersInFlight.start(owner);
  }

  /**
   * The client's result. Refused unless it is the owner's, the call is open, the attempt current and the result valid.
   */
  async submit(input: SubmitInput): Promise<void> {
    const call = await this.#openCall(input);
    if (call.request.privateInput === true) return this.#takePrivateInput(call, input.result);
    const unfit = unfitValue(input.result, this.#maxValueDepth);
    const problems = unfit !== undefined ? [unfit] : await this.#resultProblems(call, input.result);
    if (problems !== undefined) {
      await this.#countInvalidAnswer(call);
      throw new ClientResultInvalidError(call.request.toolName, problems);
    }
    await this.#lifecycle.end(call, { status: "ok", result: input.result });
    this.#telemetry?.answered(call.request, input.handlerMs);
  }

  /**
   * The client could not run the tool. A retryable error re-sends the call when the tool allows it; otherwise the call
   * ends.
   */
  async fail(input: FailInput): Promise<void> {
    if (typeof input.error !== "string" || typeof input.retryable !== "boolean") {
      throw new ClientAnswerMalformedError("A client tool error needs `error` (a string) and `retryable` (a boolean).");
    }
    const call = await this.#openCall(input);
    // The prompt was dismissed; what the client wrote of it may hold what the user typed.
    if (call.request.privateInput === true) return this.#lifecycle.end(call, PRIVATE_INPUT_DISMISSED);
    const policy = this.#policyOf(call);
    if (!input.retryable || policy === undefined || call.request.attempt >= policy.maxAttempts) {
      await this.#lifecycle.end(call, { status: "error", error: input.error, retryable: input.retryable });
      this.#telemetry?.answered(call.request, input.handlerMs);
      return;
    }
    const next: PendingCall = {
      owner: call.owner,
      request: {
        ...call.request,
        attempt: call.request.attempt + 1,
        expiresAt: Date.now() + policy.timeoutSeconds * 1000,
      },
      ...(call.tool !== undefined && { tool: call.tool }),
    };
    if (call.tool !== undefined) {
      const schema = await this.#storedSchema(call.owner, call.tool.outputSchema);
      if (schema !== undefined)
        await this.#store.putSchema(call.owner, call.tool.outputSchema, schema, next.request.expiresAt);
    }
    await this.#lifecycle.resend(call, next);
    this.#telemetry?.answered(call.request, input.handlerMs);
  }

  /**
   * A private input: checked against the tool's schema here, then claimed in the store (so one
   * submission at one instance gets to the handler), handed to this instance's handler once, and
   * forgotten. The value is never stored, sent on or reported: the call ends with a copy of the
   * spec's response, or a failure that holds nothing of the value or the handler's error. An
   * invalid value is refused (422, pointers only) and asked for again while attempts are left.
   */
  async #takePrivateInput(call: StoredCall & { state: "open" }, value: unknown): Promise<void> {
    const { toolName, conversationId, requestId, toolCallId } = call.request;
    const known = this.#find(toolName, conversationId);
    const tool = known === undefined ? undefined : awaitedToolOf(known);
    const handler = privateInputHandlerOf(this.#privateInputs, toolName);
    const privateInput = tool?.spec.privateInput;
    const fingerprint = tool?.fingerprints.outputSchema;
    // Only the tool the call was dispatched with: a private input re-registered since under another schema is not this
    // call's.
    if (
      tool === undefined ||
      privateInput === undefined ||
      handler === undefined ||
      (call.tool !== undefined && call.tool.outputSchema !== fingerprint)
    ) {
      throw new PrivateInputMisdirectedError(toolName);
    }
    const unfit = unfitValue(value, this.#maxValueDepth);
    const problems =
      unfit !== undefined ? [unfit] : await this.#check(tool.spec, fingerprint, value, conversationId, call.owner);
    if (problems !== undefined) {
      const policy = this.#policyOf(call);
      if (policy !== undefined && call.request.attempt < policy.maxAttempts) {
        const again = {
          ...call.request,
          attempt: call.request.attempt + 1,
          expiresAt: Date.now() + policy.timeoutSeconds * 1000,
        };
        await this.#lifecycle.resend(call, {
          owner: call.owner,
          request: again,
          ...(call.tool !== undefined && { tool: call.tool }),
        });
      } else {
        await this.#lifecycle.end(call, PRIVATE_INPUT_INVALID);
      }
      throw new ClientResultInvalidError(toolName, shownProblems(problems, privateInput.schema), "private input");
    }
    const claimed: PendingCall = {
      owner: call.owner,
      request: { ...call.request, attempt: call.request.attempt + 1 },
      ...(call.tool !== undefined && { tool: call.tool }),
      claimed: true,
    };
    if (!(await this.#store.reissue(claimed, call.request.attempt))) throw await this.#lifecycle.lostRace(call);
    let outcome: ClientCallOutcome;
    try {
      const returned: unknown = await handler(value, call.request.args, {
        conversationId,
        owner: call.owner,
        toolName,
        toolCallId,
        requestId,
      });
      outcome =
        returned === undefined
          ? { status: "ok", result: structuredClone(privateInput.response) }
          : PRIVATE_INPUT_UNUSABLE;
      if (returned !== undefined)
        this.#onError(
          new TypeError("a private input's handler must resolve to nothing; what it returned was dropped"),
          `the private input of ${JSON.stringify(toolName)} was not used`,
        );
    } catch {
      // What a handler throws may hold the value: it is not reported.
      outcome = PRIVATE_INPUT_UNUSABLE;
      this.#onError(
        new Error("a private input's handler threw; what it threw is not reported, since it may hold the value"),
        `the private input of ${JSON.stringify(toolName)} was not used`,
      );
    }
    // Ended meanwhile (timed out, cancelled): that outcome stands, and the value is gone all the same.
    await this.#lifecycle.endIfOpen(claimed, outcome);
  }

  /**
   * A person's decision on a call the `approve` hook was asked about, signed with the `signing`
   * keys, so that any instance sharing them can take it from the hook: bound to this call, to the
   * decision (approved or refused, with the reason) and to who decided, until the approval's
   * deadline (`approvalTimeoutSeconds` from now). Edited, made for another call or arguments, or
   * late, it denies the call. Throws without `signing`.
   */
  async signDecision(
    call: ClientToolApprovalRequest,
    decision: ClientToolDecisionInput,
  ): Promise<SignedClientToolDecision> {
    if (this.#decisions === undefined)
      throw new TypeError("signDecision needs the broker's signing option: keys every instance shares.");
    if (typeof decision.decidedBy !== "string" || decision.decidedBy === "")
      throw new TypeError("A signed decision names who decided (decidedBy).");
    return this.#decisions.sign(call, decision, Date.now() + this.#approvalTimeoutMs);
  }

  /**
   * A connection that was sent these calls of the owner has closed, and no other connection in
   * this process follows them (the transports call this; so does `followOwnerCalls`' `stop`):
   * each call still open is recovered by its tool's policy, `"wait"` leaving it for the owner's
   * next connection. Never rejects: a store failure goes to `onError`, and the call stays open.
   */
  async connectionClosed(input: { readonly owner: string; readonly requestIds: readonly string[] }): Promise<void> {
    await Promise.all(
      input.requestIds.map(async (requestId) => {
        // A call heard of with the "wait" policy stays as it is: no need to read it.
        if (this.#heard.get(requestId)?.tool?.recovery === "wait") return;
        try {
          const stored = await this.#store.get(requestId, input.owner);
          if (stored?.state === "open") await this.#lifecycle.recover(stored, CLIENT_GONE);
        } catch (error) {
          this.#onError(error, "recovering a call whose client disconnected failed; it stays open");
        }
      }),
    );
  }

  /** Ends the owner's open call as cancelled (server side). `false` when it was not open. */
  async cancel(call: { readonly requestId: string; readonly owner: string }, reason: string): Promise<boolean> {
    return this.#endOpen(call, { status: "cancelled", reason });
  }

  /**
   * The owner's page cannot run this open call: its code lacks the tool, or has another version
   * of it (`differs`, from its contract). Ends the call as `client_out_of_date`, unless it ended
   * meanwhile. Never rejects: a store failure goes to `onError`, and the call stays open.
   */
  async clientOutOfDate(
    call: { readonly requestId: string; readonly owner: string },
    differs: readonly ClientToolDifference[],
  ): Promise<void> {
    try {
      await this.#endOpen(call, { status: "client_out_of_date", differs });
    } catch (error) {
      this.#onError(error, "ending a call the user's page cannot run failed; it stays open");
    }
  }

  /** The owner's open requests (of one conversation, if given), so a reloaded client can pick them up. */
  async pending(filter: PendingCallFilter): Promise<readonly ClientToolRequest[]> {
    return (await this.openCalls(filter)).map((call) => call.request);
  }

  /**
   * A read-only view for a health check or an admin route: the owner's open calls (of one
   * conversation, if given) by tool, with the soonest deadline; how many calls this instance
   * waits for; the last sweep of a shared store; whether the store answered. Never arguments,
   * results or private inputs.
   */
  async inspect(filter: PendingCallFilter): Promise<ClientCallInspection> {
    const local = { waiting: this.#waiters.entries().length, lastSweep: this.#lifecycle.lastSweep ?? null };
    let calls: readonly PendingCall[];
    try {
      calls = await this.openCalls(filter);
    } catch (error) {
      this.#onError(error, "listing open calls for inspect() failed");
      return { owner: filter.owner, openCalls: [], nextDeadline: null, ...local, store: "unavailable" };
    }
    const byTool = new Map<string, { toolName: string; count: number; nextDeadline: number }>();
    for (const { request } of calls) {
      const entry = byTool.get(request.toolName);
      if (entry === undefined)
        byTool.set(request.toolName, { toolName: request.toolName, count: 1, nextDeadline: request.expiresAt });
      else {
        entry.count++;
        entry.nextDeadline = Math.min(entry.nextDeadline, request.expiresAt);
      }
    }
    const openCalls = [...byTool.values()].sort((a, b) => (a.toolName < b.toolName ? -1 : 1));
    const nextDeadline = openCalls.length === 0 ? null : Math.min(...openCalls.map((entry) => entry.nextDeadline));
    return { owner: filter.owner, openCalls, nextDeadline, ...local, store: "ok" };
  }

  /**
   * The owner's open calls that a client may still answer (of one conversation, if given), with their tools'
   * fingerprints.
   */
  async openCalls(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    const now = Date.now();
    const calls = await this.#store.list(filter);
    return calls.filter((call) => call.request.expiresAt > now && call.claimed !== true);
  }

  /** Cancels every call this broker dispatched and still waits for, and stops its timers. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#markClosing();
    const results = await Promise.allSettled(
      [...this.#waiters.entries()].map(([requestId, waiter]) =>
        this.cancel({ requestId, owner: waiter.owner }, BROKER_CLOSED.reason),
      ),
    );
    for (const result of results)
      if (result.status === "rejected") this.#onError(result.reason, "closing a call in the store failed");
    // Whatever the store could not end must still not leave its dispatch hanging.
    for (const [, waiter] of this.#waiters.entries())
      this.#lifecycle.giveUp({ owner: waiter.owner, request: waiter.request, outcome: BROKER_CLOSED });
    this.#lifecycle.stopSweeping();
    this.#unsubscribe();
    this.#unsubscribeDrops();
    this.#validators.clear();
    this.#storedSchemas.clear();
    this.#heard.clear();
    this.#invalidAnswers.clear();
  }

  /** Ends the owner's call with `outcome` if it is open; `false` when it was not. */
  async #endOpen(
    call: { readonly requestId: string; readonly owner: string },
    outcome: ClientCallOutcome,
  ): Promise<boolean> {
    for (;;) {
      const stored = await this.#store.get(call.requestId, call.owner);
      if (stored?.state !== "open") return false;
      if (await this.#lifecycle.endIfOpen(stored, outcome)) return true;
      // Lost to an answer or a re-send in between: look again.
    }
  }

  #awaitedTool(toolName: string, conversationId: string): AwaitedTool {
    const tool = this.#find(toolName, conversationId);
    if (tool === undefined)
      throw new TypeError(
        `Unknown client tool ${JSON.stringify(toolName)}: register it before dispatching calls to it.`,
      );
    const awaited = awaitedToolOf(tool);
    if (awaited === undefined) {
      throw new TypeError(
        `Client tool ${JSON.stringify(toolName)} has no outputSchema (nor "awaited": true), so it is fire-and-forget: answer the model with acknowledgeClientToolCall(call) instead of dispatching it.`,
      );
    }
    return awaited;
  }

  /**
   * A dispatch of a call that exists: its outcome at once when it ended (also while this process
   * was down), else a wait for it, here or in the broker already waiting. With `recover`, a call
   * no broker here waits for was left by a process that stopped: its tool's recovery policy
   * applies (`"wait"` sends the client nothing new: it has the request, or lists it).
   */
  async #attach(stored: StoredCall, recover: boolean, trace: CallTrace | undefined): Promise<ClientCallOutcome> {
    if (stored.state === "closed") return stored.outcome;
    const { requestId } = stored.request;
    const orphaned = recover && !this.#waiters.has(requestId);
    const outcome = this.#waiters.wait(stored, true, trace);
    if (orphaned) await this.#lifecycle.recover(stored, DISPATCHER_GONE);
    // Read open, then waited for: a close in between was heard while nobody here waited. Read it again.
    this.#store.get(requestId, stored.owner).then(
      (now) => now?.state === "closed" && this.#lifecycle.settle(now),
      (error: unknown) => this.#onError(error, "reading an attached call again failed; its timer will"),
    );
    return outcome;
  }

  /** A random id, or with `signing` one that binds the call (its final deadline: every attempt's time, end to end). */
  #newRequestId(input: DispatchInput, tool: PendingCallTool): Promise<string> | string {
    if (this.#signer === undefined) return newRequestId();
    return this.#signer.sign({
      conversationId: input.conversationId,
      owner: input.owner,
      toolName: input.toolName,
      toolCallId: input.toolCallId,
      argsFingerprint: argsFingerprint(input.args),
      finalDeadline: Date.now() + tool.timeoutSeconds * 1000 * tool.maxAttempts,
    });
  }

  /** The open call an answer is for; refusals in the order that reveals nothing to a caller who is not the owner. */
  async #openCall(input: {
    readonly requestId: string;
    readonly owner: string;
    readonly attempt?: number;
  }): Promise<StoredCall & { state: "open" }> {
    // A forged, altered or expired signed id never reaches the store.
    if (this.#signer !== undefined && !(await this.#signer.verify(input.requestId, input.owner, Date.now())))
      throw new ClientCallNotFoundError(input.requestId);
    // A call heard of at the attempt answered needs no read: ending it still compares the attempt
    // in the store, and a call that ended meanwhile is found out there.
    const heard = this.#heard.get(input.requestId);
    const stored: StoredCall | undefined =
      heard !== undefined && (input.attempt === undefined || input.attempt === heard.request.attempt)
        ? { state: "open", ...heard }
        : await this.#store.get(input.requestId, input.owner);
    if (stored === undefined || stored.owner !== input.owner) throw new ClientCallNotFoundError(input.requestId);
    if (stored.state === "closed" || stored.claimed === true) throw new ClientCallClosedError(input.requestId);
    if (input.attempt !== undefined && input.attempt !== stored.request.attempt) {
      throw new ClientCallStaleAttemptError(input.requestId, input.attempt, stored.request.attempt);
    }
    if (stored.request.expiresAt <= Date.now()) {
      // Past its deadline, but its timer has not run yet (or runs in another process): the answer is late.
      await this.#lifecycle.endIfOpen(stored, this.#lifecycle.timeoutOutcome(stored));
      throw new ClientCallClosedError(input.requestId);
    }
    return stored;
  }

  /**
   * How the call's answers are re-sent and timed, and how it recovers: as the call carries it, else as the tool known
   * here says.
   */
  #policyOf(call: PendingCall): Omit<PendingCallTool, "outputSchema"> | undefined {
    if (call.tool !== undefined) return call.tool;
    const spec = this.#find(call.request.toolName, call.request.conversationId)?.spec;
    return spec === undefined
      ? undefined
      : {
          timeoutSeconds: timeoutSeconds(spec),
          maxAttempts: resendLimit(spec),
          recovery: recoveryOf(spec, this.#recovery),
        };
  }

  /**
   * What is wrong with a result, by the outputSchema the call was dispatched with: compiled here
   * from the store when this instance does not know the call's tool (it never saw the
   * conversation, or it restarted), so any instance can take any answer.
   */
  async #resultProblems(call: PendingCall, result: unknown): Promise<readonly ValidationProblem[] | undefined> {
    const { toolName, conversationId } = call.request;
    const local = this.#find(toolName, conversationId);
    const awaited = local === undefined ? undefined : awaitedToolOf(local);
    const fingerprint = awaited?.fingerprints.outputSchema ?? (awaited && schemaFingerprint(awaited.spec.outputSchema));
    if (awaited !== undefined && (call.tool === undefined || call.tool.outputSchema === fingerprint)) {
      return this.#check(awaited.spec, fingerprint, result, conversationId, call.owner);
    }
    if (call.tool === undefined) throw new ClientCallNotFoundError(call.request.requestId);
    const outputSchema = await this.#storedSchema(call.owner, call.tool.outputSchema);
    if (outputSchema === undefined) {
      await this.#lifecycle.end(call, STORE_LOST);
      throw new ClientCallClosedError(call.request.requestId);
    }
    // A schema read back from the store is compiled as a client's would be (a thread of its own, linear-time patterns).
    const spec: AwaitedSpec = { name: toolName, description: "", parameters: {}, outputSchema };
    return this.#check(spec, call.tool.outputSchema, result, conversationId, call.owner);
  }

  async #storedSchema(owner: string, fingerprint: string): Promise<JsonObject | undefined> {
    const kept = this.#storedSchemas.get(fingerprint);
    if (kept !== undefined) return kept;
    const schema = await this.#store.getSchema(owner, fingerprint);
    if (schema === undefined) return undefined;
    if (this.#storedSchemas.size >= STORED_SCHEMAS_KEPT)
      this.#storedSchemas.delete(this.#storedSchemas.keys().next().value!);
    this.#storedSchemas.set(fingerprint, schema);
    return schema;
  }

  /**
   * One more invalid answer to an open call, counted by the store for every instance (else here): the one that reaches
   * the bound ends it.
   */
  async #countInvalidAnswer(call: StoredCall & { state: "open" }): Promise<void> {
    const { requestId } = call.request;
    const count =
      this.#store.countInvalidAnswer !== undefined
        ? await this.#store.countInvalidAnswer(requestId, call.owner)
        : this.#countHere(requestId);
    if (count < this.#maxInvalidAnswers) return;
    const error = `The client's answers did not match the tool's outputSchema ${count} times; the call takes no more answers.`;
    await this.#lifecycle.endIfOpen(call, { status: "error", error, retryable: false });
  }

  #countHere(requestId: string): number {
    const count = (this.#invalidAnswers.get(requestId) ?? 0) + 1;
    this.#invalidAnswers.delete(requestId);
    if (this.#invalidAnswers.size >= HEARD_CALLS_KEPT)
      this.#invalidAnswers.delete(this.#invalidAnswers.keys().next().value!);
    this.#invalidAnswers.set(requestId, count);
    return count;
  }

  #remember(call: PendingCall): void {
    this.#heard.delete(call.request.requestId);
    if (this.#heard.size >= HEARD_CALLS_KEPT) this.#heard.delete(this.#heard.keys().next().value!);
    this.#heard.set(call.request.requestId, call);
  }
}
