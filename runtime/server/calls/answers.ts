import { schemaFingerprint } from "../../fingerprint/fingerprint.js";
import { unfitValue } from "../../schema/value-depth.js";
import {
  ClientAnswerMalformedError,
  ClientCallClosedError,
  ClientCallError,
  ClientCallNotFoundError,
  ClientCallStaleAttemptError,
  ClientResultInvalidError,
} from "../../wire/errors.js";
import type { ValidationProblem } from "../../wire/validation.js";
import { PRIVATE_INPUT_DISMISSED } from "../private-input.js";
import type { PendingCall, StoredCall } from "../stores/store.js";
import { awaitedToolOf } from "../tools.js";
import type { AwaitedSpec } from "../validation/result-validation.js";
import type { BrokerParts } from "./broker-parts.js";
import type { HeardCalls } from "./heard-calls.js";
import { STORE_LOST } from "./lifecycle.js";
import type { PrivateInputs } from "./private-inputs.js";
import { StoredSchemas } from "./stored-schemas.js";

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

type OpenCall = StoredCall & { state: "open" };

/** A client's answers: each refused unless it is the owner's, for an open call at its current attempt, and valid. */
export class CallAnswers {
  readonly #parts: BrokerParts;
  readonly #heard: HeardCalls;
  readonly #privateInputs: PrivateInputs;
  readonly #maxInvalidAnswers: number;
  readonly #storedSchemas: StoredSchemas;

  constructor(parts: BrokerParts, heard: HeardCalls, privateInputs: PrivateInputs, maxInvalidAnswers: number) {
    this.#parts = parts;
    this.#heard = heard;
    this.#privateInputs = privateInputs;
    this.#maxInvalidAnswers = maxInvalidAnswers;
    this.#storedSchemas = new StoredSchemas(parts.store);
  }

  submit(input: SubmitInput): Promise<void> {
    return this.#counted(this.#submit(input));
  }

  fail(input: FailInput): Promise<void> {
    return this.#counted(this.#fail(input));
  }

  /** A refusal is told to the observers (the answers metric) as the caller gets it. */
  async #counted(answer: Promise<void>): Promise<void> {
    try {
      await answer;
    } catch (error) {
      if (error instanceof ClientCallError)
        this.#parts.events.emit("refused", { status: error.status, reason: error.name });
      throw error;
    }
  }

  async #submit(input: SubmitInput): Promise<void> {
    const call = await this.#openCall(input);
    if (call.request.privateInput === true) return this.#privateInputs.take(call, input.result);
    const unfit = unfitValue(input.result, this.#parts.maxValueDepth);
    const problems = unfit !== undefined ? [unfit] : await this.#resultProblems(call, input.result);
    if (problems !== undefined) {
      await this.#countInvalidAnswer(call);
      throw new ClientResultInvalidError(call.request.toolName, problems);
    }
    await this.#parts.lifecycle.end(call, { status: "ok", result: input.result });
    this.#parts.events.emit("answered", { request: call.request, handlerMs: input.handlerMs });
  }

  async #fail(input: FailInput): Promise<void> {
    if (typeof input.error !== "string" || typeof input.retryable !== "boolean") {
      throw new ClientAnswerMalformedError("A client tool error needs `error` (a string) and `retryable` (a boolean).");
    }
    const { lifecycle, store, events } = this.#parts;
    const call = await this.#openCall(input);
    // The prompt was dismissed; what the client wrote of it may hold what the user typed.
    if (call.request.privateInput === true) return lifecycle.end(call, PRIVATE_INPUT_DISMISSED);
    const policy = this.#parts.policyOf(call);
    if (!input.retryable || policy === undefined || call.request.attempt >= policy.maxAttempts) {
      await lifecycle.end(call, { status: "error", error: input.error, retryable: input.retryable });
      events.emit("answered", { request: call.request, handlerMs: input.handlerMs });
      return;
    }
    const expiresAt = Date.now() + policy.timeoutSeconds * 1000;
    const next: PendingCall = {
      owner: call.owner,
      request: { ...call.request, attempt: call.request.attempt + 1, expiresAt },
      ...(call.tool !== undefined && { tool: call.tool }),
    };
    if (call.tool !== undefined) {
      const schema = await this.#storedSchemas.get(call.owner, call.tool.outputSchema);
      if (schema !== undefined) await store.putSchema(call.owner, call.tool.outputSchema, schema, expiresAt);
    }
    await lifecycle.resend(call, next);
    events.emit("answered", { request: call.request, handlerMs: input.handlerMs });
  }

  clear(): void {
    this.#storedSchemas.clear();
  }

  /** The open call an answer is for; refusals in the order that reveals nothing to a caller who is not the owner. */
  async #openCall(input: { readonly requestId: string; readonly owner: string; readonly attempt?: number }) {
    const { signer, store, lifecycle } = this.#parts;
    // A forged, altered or expired signed id never reaches the store.
    if (signer !== undefined && !(await signer.verify(input.requestId, input.owner, Date.now()))) {
      throw new ClientCallNotFoundError(input.requestId);
    }
    // A call heard of at the attempt answered needs no read: ending it still compares the attempt
    // in the store, and a call that ended meanwhile is found out there.
    const heard = this.#heard.get(input.requestId);
    const stored: StoredCall | undefined =
      heard !== undefined && (input.attempt === undefined || input.attempt === heard.request.attempt)
        ? { state: "open", ...heard }
        : await store.get(input.requestId, input.owner);
    if (stored === undefined || stored.owner !== input.owner) throw new ClientCallNotFoundError(input.requestId);
    if (stored.state === "closed" || stored.claimed === true) throw new ClientCallClosedError(input.requestId);
    if (input.attempt !== undefined && input.attempt !== stored.request.attempt) {
      throw new ClientCallStaleAttemptError(input.requestId, input.attempt, stored.request.attempt);
    }
    if (stored.request.expiresAt <= Date.now()) {
      // Past its deadline, but its timer has not run yet (or runs in another process): the answer is late.
      await lifecycle.endIfOpen(stored, lifecycle.timeoutOutcome(stored));
      throw new ClientCallClosedError(input.requestId);
    }
    return stored satisfies OpenCall;
  }

  /**
   * What is wrong with a result, by the outputSchema the call was dispatched with: compiled here
   * from the store when this instance does not know the call's tool (it never saw the
   * conversation, or it restarted), so any instance can take any answer.
   */
  async #resultProblems(call: PendingCall, result: unknown): Promise<readonly ValidationProblem[] | undefined> {
    const { find, check, lifecycle } = this.#parts;
    const { toolName, conversationId } = call.request;
    const local = find(toolName, conversationId);
    const awaited = local === undefined ? undefined : awaitedToolOf(local);
    const fingerprint = awaited?.fingerprints.outputSchema ?? (awaited && schemaFingerprint(awaited.spec.outputSchema));
    if (awaited !== undefined && (call.tool === undefined || call.tool.outputSchema === fingerprint)) {
      return check(awaited.spec, fingerprint, result, conversationId, call.owner);
    }
    if (call.tool === undefined) throw new ClientCallNotFoundError(call.request.requestId);
    const outputSchema = await this.#storedSchemas.get(call.owner, call.tool.outputSchema);
    if (outputSchema === undefined) {
      await lifecycle.end(call, STORE_LOST);
      throw new ClientCallClosedError(call.request.requestId);
    }
    // A schema read back from the store is compiled as a client's would be (a thread of its own, linear-time patterns).
    const spec: AwaitedSpec = { name: toolName, description: "", parameters: {}, outputSchema };
    return check(spec, call.tool.outputSchema, result, conversationId, call.owner);
  }

  /** One more invalid answer, counted by the store for every instance (else here): the one that reaches the bound ends it. */
  async #countInvalidAnswer(call: OpenCall): Promise<void> {
    const { store, lifecycle } = this.#parts;
    const { requestId } = call.request;
    const count =
      store.countInvalidAnswer !== undefined
        ? await store.countInvalidAnswer(requestId, call.owner)
        : this.#heard.countInvalidAnswer(requestId);
    if (count < this.#maxInvalidAnswers) return;
    const error =
      `The client's answers did not match the tool's outputSchema ` + `${count} times; the call takes no more answers.`;
    await lifecycle.endIfOpen(call, { status: "error", error, retryable: false });
  }
}
