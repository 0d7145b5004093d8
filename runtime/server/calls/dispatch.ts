import { schemaFingerprint } from "../../fingerprint/fingerprint.js";
import { valueSize } from "../../schema/value-depth.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallCancelled, ClientCallOutcome } from "../../wire/outcome.js";
import { argsFingerprint } from "../approval.js";
import { newRequestId } from "../request-id.js";
import {
  DuplicateToolCallError,
  OpenCallLimitError,
  type PendingCall,
  type PendingCallTool,
  type StoredCall,
} from "../stores/store.js";
import type { CallTrace } from "../telemetry/call-trace.js";
import { type BrokerRecovery, recoveryOf, resendLimit, timeoutSeconds } from "../tool-policy.js";
import { type AwaitedTool, awaitedToolOf } from "../tools.js";
import type { Admission } from "./admission.js";
import type { BrokerParts } from "./broker-parts.js";
import type { DispatchInput } from "./dispatch-input.js";

/** The outcome of every call a closed broker still had, or is asked to dispatch. */
export const BROKER_CLOSED: ClientCallCancelled = { status: "cancelled", reason: "the server shut down the call" };

const DISPATCHER_GONE = "the process that dispatched the call stopped while the call was open";

export interface CallDispatchOptions {
  readonly admission: Admission;
  /** The recovery policy of tools whose spec names none. */
  readonly recovery: BrokerRecovery;
  readonly maxOpenCallsPerOwner: number;
  readonly maxOpenCallBytesPerOwner: number;
  /** Whether this instance has the handler of a tool's private input. */
  readonly handlesPrivateInput: (toolName: string) => boolean;
  /** Maps the model's arguments back from a strict export's variant, when the broker was given one. */
  readonly fromStrictArguments: ((toolName: string, args: unknown) => unknown) | undefined;
  /** The call's span and metrics, when telemetry records them. */
  readonly traceCall: ((input: DispatchInput, privateInput: boolean) => CallTrace | undefined) | undefined;
  /** Resolves once the store's subscription is live: no call is opened before, or its notices could go unheard. */
  readonly storeReady: Promise<void>;
  readonly closed: () => boolean;
}

/** A call from the model to the owner's client: admitted, opened in the store, and waited for here. */
export class CallDispatch {
  readonly #parts: BrokerParts;
  readonly #options: CallDispatchOptions;

  constructor(parts: BrokerParts, options: CallDispatchOptions) {
    this.#parts = parts;
    this.#options = options;
  }

  dispatch(call: DispatchInput): Promise<ClientCallOutcome> {
    let input: DispatchInput;
    let tool: AwaitedTool;
    try {
      const strict = this.#options.fromStrictArguments;
      input = strict === undefined ? call : { ...call, args: strict(call.toolName, call.args) as object };
      tool = this.awaitedTool(input.toolName, input.conversationId);
      if (tool.spec.privateInput !== undefined && !this.#options.handlesPrivateInput(input.toolName)) {
        throw new TypeError(
          `Client tool ${JSON.stringify(input.toolName)} takes a private input: give the broker its handler ` +
            "(privateInputs: clientInputHandlers({...})) before dispatching calls to it.",
        );
      }
    } catch (error) {
      return Promise.reject(error);
    }
    const trace = this.#options.traceCall?.(input, tool.spec.privateInput !== undefined);
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

  /** Throws, before any call of a batch is dispatched, for a tool unknown or not awaited and a toolCallId given twice. */
  checkBatch(calls: readonly DispatchInput[]): void {
    const seen = new Set<string>();
    for (const call of calls) {
      this.awaitedTool(call.toolName, call.conversationId);
      const key = JSON.stringify([call.conversationId, call.toolCallId]);
      if (seen.has(key)) {
        const [toolCallId, conversationId] = [JSON.stringify(call.toolCallId), JSON.stringify(call.conversationId)];
        throw new TypeError(`The batch has toolCallId ${toolCallId} of conversation ${conversationId} twice.`);
      }
      seen.add(key);
    }
  }

  /** The tool as the broker carries its calls; throws for one that is unknown or fire-and-forget. */
  awaitedTool(toolName: string, conversationId: string): AwaitedTool {
    const tool = this.#parts.find(toolName, conversationId);
    if (tool === undefined) {
      throw new TypeError(
        `Unknown client tool ${JSON.stringify(toolName)}: register it before dispatching calls to it.`,
      );
    }
    const awaited = awaitedToolOf(tool);
    if (awaited === undefined) {
      throw new TypeError(
        `Client tool ${JSON.stringify(toolName)} has no outputSchema ` +
          `(nor "awaited": true), so it is fire-and-forget: ` +
          "answer the model with acknowledgeClientToolCall(call) instead of dispatching it.",
      );
    }
    return awaited;
  }

  async #dispatch(input: DispatchInput, tool: AwaitedTool, trace: CallTrace | undefined): Promise<ClientCallOutcome> {
    const { store, lifecycle } = this.#parts;
    const { admission, closed } = this.#options;
    const { spec } = tool;
    if (closed()) return BROKER_CLOSED;
    // A call is addressed by its conversation and toolCallId: dispatched again (the agent loop
    // restarted, another instance resumed the conversation), it is the same call. Looked up first
    // when approval or recovery depend on it; otherwise the store's refusal to open it a second
    // time finds it (one round trip less), and so does a check that fails, so a dispatch again
    // attaches however its arguments compare.
    const recovery = recoveryOf(spec, this.#options.recovery);
    const findFirst = admission.asksApproval || recovery !== "wait";
    if (findFirst) {
      const existing = await store.findByToolCall(input);
      if (existing !== undefined) return this.#attach(existing, true, trace);
    }
    const refused = await admission.refusal(tool, input);
    if (refused !== undefined) {
      const existing = findFirst ? undefined : await store.findByToolCall(input);
      return existing === undefined ? refused : this.#attach(existing, false, trace);
    }
    if (closed()) return BROKER_CLOSED;
    const asked = performance.now();
    const unapproved = await admission.approval(input);
    if (admission.asksApproval) trace?.approvalWaited((performance.now() - asked) / 1000);
    if (unapproved !== undefined) return unapproved;
    const seconds = timeoutSeconds(spec);
    // What any instance needs to check and re-send this call's answers, kept with the call.
    const callTool: PendingCallTool = {
      parameters: tool.fingerprints.parameters ?? schemaFingerprint(spec.parameters),
      outputSchema: tool.fingerprints.outputSchema ?? schemaFingerprint(spec.outputSchema),
      timeoutSeconds: seconds,
      maxAttempts: resendLimit(spec),
      recovery,
      ...(spec.fingerprints?.compatible !== undefined && { compatible: spec.fingerprints.compatible }),
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
    await this.#options.storeReady;
    // Waiting starts before the call is stored: an answer may arrive (from a client listing
    // pending calls) before `open` returns.
    const opened: PendingCall = { owner: input.owner, request, tool: callTool };
    let outcome: Promise<ClientCallOutcome>;
    for (let tries = 1; ; tries++) {
      outcome = lifecycle.waiters.wait(opened, false, trace);
      try {
        await store.open(opened, {
          maxOpenPerOwner: this.#options.maxOpenCallsPerOwner,
          maxOpenBytesPerOwner: this.#options.maxOpenCallBytesPerOwner,
          // What the call holds: its arguments' size, about their JSON's length (a third of the cost of writing it).
          bytes: valueSize(request.args),
          outputSchema: spec.outputSchema,
        });
        break;
      } catch (error) {
        lifecycle.waiters.forget(requestId);
        if (error instanceof OpenCallLimitError) return { status: "denied", reason: error.message };
        // Another dispatch of this very call (here or in another process) opened it first.
        if (error instanceof DuplicateToolCallError) {
          const first = await store.findByToolCall(input);
          if (first !== undefined) return this.#attach(first, false, trace);
          // That call ended and its record expired between the two reads: this dispatch opens it anew.
          if (tries < 3) continue;
        }
        throw error;
      }
    }
    lifecycle.waiters.markStored(requestId);
    trace?.opened();
    // `close()` ran while the call was being stored: it settled the dispatch but could not end the stored call.
    if (closed()) await store.close(opened, BROKER_CLOSED);
    return outcome;
  }

  /**
   * A dispatch of a call that exists: its outcome at once when it ended (also while this process
   * was down), else a wait for it, here or in the broker already waiting. With `recover`, a call
   * no broker here waits for was left by a process that stopped: its tool's recovery policy
   * applies (`"wait"` sends the client nothing new: it has the request, or lists it).
   */
  async #attach(stored: StoredCall, recover: boolean, trace: CallTrace | undefined): Promise<ClientCallOutcome> {
    if (stored.state === "closed") {
      trace?.joined();
      return stored.outcome;
    }
    const { store, lifecycle } = this.#parts;
    const { requestId } = stored.request;
    const orphaned = recover && !lifecycle.waiters.has(requestId);
    // Only a call this instance takes over from its gone dispatcher is recorded here.
    if (!orphaned) trace?.joined();
    const outcome = lifecycle.waiters.wait(stored, true, trace);
    if (orphaned) await lifecycle.recover(stored, DISPATCHER_GONE);
    // Read open, then waited for: a close in between was heard while nobody here waited. Read it again.
    store.get(requestId, stored.owner).then(
      (now) => now?.state === "closed" && lifecycle.settle(now),
      (error: unknown) => this.#parts.report(error, "reading an attached call again failed; its timer will"),
    );
    return outcome;
  }

  /** A random id, or with `signing` one that binds the call (its final deadline: every attempt's time, end to end). */
  #newRequestId(input: DispatchInput, tool: PendingCallTool): Promise<string> | string {
    const { signer } = this.#parts;
    if (signer === undefined) return newRequestId();
    return signer.sign({
      conversationId: input.conversationId,
      owner: input.owner,
      toolName: input.toolName,
      toolCallId: input.toolCallId,
      argsFingerprint: argsFingerprint(input.args),
      finalDeadline: Date.now() + tool.timeoutSeconds * 1000 * tool.maxAttempts,
    });
  }
}
