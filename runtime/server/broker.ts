import { ClientCallNotFoundError } from "../wire/errors.js";
import type { ClientToolRequest } from "../wire/messages.js";
import type { ClientCallOutcome } from "../wire/outcome.js";
import type { ClientToolDifference } from "../wire/tool-difference.js";
import type { ClientToolApprovalRequest } from "./approval-request.js";
import { brokerSettings, type ClientCallBrokerOptions, schemaValidatorsOptions } from "./broker-options.js";
import { type Admission, createAdmission } from "./calls/admission.js";
import { CallAnswers, type FailInput, type SubmitInput } from "./calls/answers.js";
import { type AnswerInFlight, AnswersInFlight } from "./calls/answers-in-flight.js";
import type { BrokerParts } from "./calls/broker-parts.js";
import type { CallEvents, ClientCallBrokerEvents } from "./calls/call-events.js";
import { BROKER_CLOSED, CallDispatch } from "./calls/dispatch.js";
import type { DispatchInput } from "./calls/dispatch-input.js";
import { HeardCalls } from "./calls/heard-calls.js";
import * as inspection from "./calls/inspection.js";
import { CallLifecycle } from "./calls/lifecycle.js";
import { PrivateInputs } from "./calls/private-inputs.js";
import { endOpenCall, recoverDisconnected } from "./calls/server-ends.js";
import { Emitter } from "./emitter.js";
import {
  type ClientToolDecisionInput,
  createDecisionSigner,
  type DecisionSigner,
  type SignedClientToolDecision,
} from "./signing/signed-decision.js";
import { createRequestSigner } from "./signing/signed-request-id.js";
import type { PendingCall, PendingCallFilter, ToolCallAddress } from "./stores/store.js";
import { CallTelemetry } from "./telemetry/call-telemetry.js";
import { observeCalls } from "./telemetry/observe-calls.js";
import { openTelemetry } from "./telemetry/open-telemetry.js";
import { callPolicies } from "./tool-policy.js";
import { isSpecList, metricToolName, toolFinder } from "./tools.js";
import { createArgumentsChecker, createResultChecker } from "./validation/result-validation.js";
import { createSchemaValidators, type SchemaValidators } from "./validation/schema-validators.js";

/**
 * Carries awaited client tool calls to the client and back: one `dispatch` per model tool
 * call, answered by `submit` or `fail` from a transport, ended exactly once.
 *
 * Every call lives in the store. The broker itself holds only what cannot be stored: the
 * promise of each call it dispatched and that call's timer (see `PendingCallStore` for
 * what several processes sharing a store must do). It is a facade over its rooms in `calls/`:
 * dispatch (admission, approval, opening), answers, private inputs, the calls heard from the
 * store, the lifecycle in the store and the local waiters, all reporting to one event sink.
 */
export class ClientCallBroker {
  readonly #parts: BrokerParts;
  readonly #events: Emitter<CallEvents>;
  readonly #validators: SchemaValidators;
  readonly #heard: HeardCalls;
  readonly #dispatch: CallDispatch;
  readonly #answers: CallAnswers;
  readonly #answersInFlight: AnswersInFlight;
  readonly #decisions: DecisionSigner | undefined;
  readonly #approvalTimeoutMs: number;
  readonly #unsubscribeDrops: () => void;
  /** Resolves on `close()`, so a dispatch waiting for a hung approval hook still ends. */
  readonly #markClosing: () => void;
  #closed = false;

  constructor(options: ClientCallBrokerOptions) {
    const settings = brokerSettings(options);
    const { store, onError } = settings;
    const find = toolFinder(options.tools);
    this.#validators = createSchemaValidators(schemaValidatorsOptions(options));
    // A conversation the registry forgets takes the validators only it used along.
    const release = (conversationId: string) => this.#validators.release(conversationId);
    const { tools } = options;
    this.#unsubscribeDrops = (!isSpecList(tools) && tools.onScopeDropped?.(release)) || (() => {});
    this.#approvalTimeoutMs = settings.approvalTimeoutMs;
    this.#decisions = options.signing === undefined ? undefined : createDecisionSigner(options.signing);
    let markClosing!: () => void;
    const closing = new Promise<void>((resolve) => (markClosing = resolve));
    this.#markClosing = markClosing;
    const events = new Emitter<CallEvents>((error, event) => onError(error, `a "${String(event)}" listener threw`));
    events.on("error", ({ error, context }) => onError(error, context));
    this.#events = events;
    this.#answersInFlight = new AnswersInFlight(settings, events);
    const report = (error: unknown, context: string) => events.emit("error", { error, context });
    const policyOf = callPolicies(find, settings.recovery);
    const lifecycle = new CallLifecycle({ store, policyOf, events });
    const check = createResultChecker(options.validators, this.#validators);
    const signer = options.signing === undefined ? undefined : createRequestSigner(options.signing);
    const parts: BrokerParts = { ...settings, find, lifecycle, events, check, policyOf, signer, report };
    this.#parts = parts;
    const api = options.telemetry === false ? undefined : openTelemetry();
    const telemetry = api && new CallTelemetry(api, options.telemetry || {}, metricToolName(tools));
    if (telemetry !== undefined) observeCalls(events, telemetry, lifecycle.waiters);
    const admission: Admission = createAdmission({
      checkArguments: createArgumentsChecker(options.validators, this.#validators),
      checkResult: check,
      maxValueDepth: settings.maxValueDepth,
      ...(options.approve !== undefined && { approve: options.approve }),
      approvalTimeoutMs: settings.approvalTimeoutMs,
      ...(this.#decisions !== undefined && { decisions: this.#decisions }),
      closing,
      closed: () => this.#closed,
      closedOutcome: BROKER_CLOSED,
      onError: report,
    });
    this.#heard = new HeardCalls(store, lifecycle, events);
    const privateInputs = new PrivateInputs(parts, options.privateInputs);
    this.#answers = new CallAnswers(parts, this.#heard, privateInputs, settings.maxInvalidAnswers);
    this.#dispatch = new CallDispatch(parts, {
      admission,
      recovery: settings.recovery,
      maxOpenCallsPerOwner: settings.maxOpenCallsPerOwner,
      maxOpenCallBytesPerOwner: settings.maxOpenCallBytesPerOwner,
      handlesPrivateInput: (toolName) => privateInputs.handles(toolName),
      fromStrictArguments: options.strictArguments?.fromStrictArguments,
      traceCall: telemetry && ((input, privateInput) => telemetry.startCall(input, privateInput)),
      storeReady: store.ready?.() ?? Promise.resolve(),
      closed: () => this.#closed,
    });
    lifecycle.startSweeping(settings.sweepIntervalMs, settings.instanceId);
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
    return this.#dispatch.dispatch(call);
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
    this.#dispatch.checkBatch(calls);
    return Promise.all(calls.map((call) => this.dispatch(call)));
  }

  /**
   * How the owner's call of this conversation and toolCallId ended, for as long as the store
   * retains it; undefined while it is open, or when it is unknown or forgotten.
   */
  async outcome(input: ToolCallAddress): Promise<ClientCallOutcome | undefined> {
    const stored = await this.#parts.store.findByToolCall(input);
    return stored?.state === "closed" ? stored.outcome : undefined;
  }

  /**
   * The request id of the call of this conversation and toolCallId, for an answer addressed by
   * toolCallId (the `handler: "client"` wire): refused as unknown (404) unless the call is the
   * caller's. The answer then goes to `submit` or `fail`, with their checks.
   */
  async requestIdOf(input: ToolCallAddress): Promise<string> {
    const stored = await this.#parts.store.findByToolCall(input);
    if (stored === undefined) throw new ClientCallNotFoundError(input.toolCallId);
    return stored.request.requestId;
  }

  /**
   * The request of the owner's private-input call of this conversation and toolCallId, open or
   * ended and still retained; undefined for any other call. For transports that must take a
   * private input apart from everything else a client sends (AG-UI's resume).
   */
  async privateInputRequest(input: ToolCallAddress): Promise<ClientToolRequest | undefined> {
    const stored = await this.#parts.store.findByToolCall(input);
    return stored?.request.privateInput !== true ? undefined : stored.request;
  }

  /**
   * For transports: an answer of the owner's client starts arriving. Count its bytes with `add` as
   * they are read (it throws `ClientAnswersBusyError`, 429, past `maxAnswersInFlightPerOwner` or `maxAnswerBytesInFlightPerOwner`)
   * and call `done` once it is taken or refused.
   */
  answerInFlight(owner: string): AnswerInFlight {
    return this.#answersInFlight.start(owner);
  }

  /** The client's result. Refused unless it is the owner's, the call is open, the attempt current and the result valid. */
  submit(input: SubmitInput): Promise<void> {
    return this.#answers.submit(input);
  }

  /** The client could not run the tool. A retryable error re-sends the call when the tool allows it; otherwise it ends. */
  fail(input: FailInput): Promise<void> {
    return this.#answers.fail(input);
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
    if (this.#decisions === undefined) {
      throw new TypeError("signDecision needs the broker's signing option: keys every instance shares.");
    }
    if (typeof decision.decidedBy !== "string" || decision.decidedBy === "") {
      throw new TypeError("A signed decision names who decided (decidedBy).");
    }
    return this.#decisions.sign(call, decision, Date.now() + this.#approvalTimeoutMs);
  }

  /**
   * A connection that was sent these calls of the owner has closed, and no other connection in
   * this process follows them (the transports call this; so does `followOwnerCalls`' `stop`):
   * each call still open is recovered by its tool's policy, `"wait"` leaving it for the owner's
   * next connection. Never rejects: a store failure goes to `onError`, and the call stays open.
   */
  connectionClosed(input: { readonly owner: string; readonly requestIds: readonly string[] }): Promise<void> {
    return recoverDisconnected(this.#parts, this.#heard, input);
  }

  /** Ends the owner's open call as cancelled (server side). `false` when it was not open. */
  cancel(call: { readonly requestId: string; readonly owner: string }, reason: string): Promise<boolean> {
    return endOpenCall(this.#parts, call, { status: "cancelled", reason });
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
      await endOpenCall(this.#parts, call, { status: "client_out_of_date", differs });
    } catch (error) {
      this.#parts.report(error, "ending a call the user's page cannot run failed; it stays open");
    }
  }

  /** The owner's open requests (of one conversation, if given), so a reloaded client can pick them up. */
  async pending(filter: PendingCallFilter): Promise<readonly ClientToolRequest[]> {
    return (await this.openCalls(filter)).map((call) => call.request);
  }

  /** A read-only view of the owner's open calls by tool, and this instance's waiting; never arguments or results. */
  inspect(filter: PendingCallFilter): Promise<inspection.ClientCallInspection> {
    return inspection.inspectCalls(this.#parts.store, this.#parts.lifecycle, filter, this.#parts.report);
  }

  /** Whether the store answers (within 2 s) and what this instance waits for: for a readiness probe. */
  health(): Promise<inspection.ClientCallsHealth> {
    return inspection.callsHealth(this.#parts.store, this.#parts.lifecycle);
  }

  /** Every owner's open calls by state, and each instance (this one as it is now): for a dashboard. */
  summary(): Promise<inspection.ClientCallsSummary> {
    const { store, lifecycle, instanceId, report } = this.#parts;
    return inspection.callsSummary(store, lifecycle, instanceId, report);
  }

  /** The owner's open calls that a client may still answer (of one conversation, if given), with their tools' fingerprints. */
  openCalls(filter: PendingCallFilter): Promise<readonly PendingCall[]> {
    return inspection.openCalls(this.#parts.store, filter);
  }

  /** Cancels every call this broker dispatched and still waits for, and stops its timers. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#markClosing();
    const { lifecycle, report } = this.#parts;
    const waiting = lifecycle.waiters.entries();
    const cancels = waiting.map(([requestId, { owner }]) => this.cancel({ requestId, owner }, BROKER_CLOSED.reason));
    for (const result of await Promise.allSettled(cancels)) {
      if (result.status === "rejected") report(result.reason, "closing a call in the store failed");
    }
    // Whatever the store could not end must still not leave its dispatch hanging.
    for (const [, waiter] of lifecycle.waiters.entries()) {
      lifecycle.giveUp({ owner: waiter.owner, request: waiter.request, outcome: BROKER_CLOSED });
    }
    await lifecycle.stopSweeping();
    this.#heard.close();
    this.#unsubscribeDrops();
    this.#validators.clear();
    this.#answers.clear();
  }
}
