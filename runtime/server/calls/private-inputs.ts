import { unfitValue } from "../../schema/value-depth.js";
import { ClientResultInvalidError, PrivateInputMisdirectedError } from "../../wire/errors.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { PrivateInputHandlers } from "../../wire/private-input-call.js";
import {
  PRIVATE_INPUT_INVALID,
  PRIVATE_INPUT_UNUSABLE,
  privateInputHandlerOf,
  shownProblems,
} from "../private-input.js";
import type { PendingCall, StoredCall } from "../stores/store.js";
import { awaitedToolOf } from "../tools.js";
import type { BrokerParts } from "./broker-parts.js";

/**
 * Private inputs as they arrive: checked against the tool's schema here, then claimed in the
 * store (so one submission at one instance gets to the handler), handed to this instance's
 * handler once, and forgotten. The value is never stored, sent on or reported: the call ends with
 * a copy of the spec's response, or a failure that holds nothing of the value or the handler's
 * error. An invalid value is refused (422, pointers only) and asked for again while attempts are left.
 */
export class PrivateInputs {
  readonly #parts: BrokerParts;
  readonly #handlers: PrivateInputHandlers | undefined;

  constructor(parts: BrokerParts, handlers: PrivateInputHandlers | undefined) {
    this.#parts = parts;
    this.#handlers = handlers;
  }

  /** Whether this instance has the handler of the tool's private input. */
  handles(toolName: string): boolean {
    return privateInputHandlerOf(this.#handlers, toolName) !== undefined;
  }

  async take(call: StoredCall & { state: "open" }, value: unknown): Promise<void> {
    const { find, check, policyOf, lifecycle, store, maxValueDepth } = this.#parts;
    const { toolName, conversationId, requestId, toolCallId } = call.request;
    const known = find(toolName, conversationId);
    const tool = known === undefined ? undefined : awaitedToolOf(known);
    const handler = privateInputHandlerOf(this.#handlers, toolName);
    const privateInput = tool?.spec.privateInput;
    const fingerprint = tool?.fingerprints.outputSchema;
    // Only the tool the call was dispatched with: a private input re-registered since under
    // another schema is not this call's.
    if (
      tool === undefined ||
      privateInput === undefined ||
      handler === undefined ||
      (call.tool !== undefined && call.tool.outputSchema !== fingerprint)
    ) {
      throw new PrivateInputMisdirectedError(toolName);
    }
    const unfit = unfitValue(value, maxValueDepth);
    const problems =
      unfit !== undefined ? [unfit] : await check(tool.spec, fingerprint, value, conversationId, call.owner);
    if (problems !== undefined) {
      const policy = policyOf(call);
      if (policy !== undefined && call.request.attempt < policy.maxAttempts) {
        const again = {
          ...call.request,
          attempt: call.request.attempt + 1,
          expiresAt: Date.now() + policy.timeoutSeconds * 1000,
        };
        await lifecycle.resend(call, {
          owner: call.owner,
          request: again,
          ...(call.tool !== undefined && { tool: call.tool }),
        });
      } else {
        await lifecycle.end(call, PRIVATE_INPUT_INVALID);
      }
      throw new ClientResultInvalidError(toolName, shownProblems(problems, privateInput.schema), "private input");
    }
    const claimed: PendingCall = {
      owner: call.owner,
      request: { ...call.request, attempt: call.request.attempt + 1 },
      ...(call.tool !== undefined && { tool: call.tool }),
      claimed: true,
    };
    if (!(await store.reissue(claimed, call.request.attempt))) throw await lifecycle.lostRace(call);
    let outcome: ClientCallOutcome;
    const unused = `the private input of ${JSON.stringify(toolName)} was not used`;
    try {
      const context = { conversationId, owner: call.owner, toolName, toolCallId, requestId };
      const returned: unknown = await handler(value, call.request.args, context);
      outcome =
        returned === undefined
          ? { status: "ok", result: structuredClone(privateInput.response) }
          : PRIVATE_INPUT_UNUSABLE;
      if (returned !== undefined) {
        const dropped = new TypeError(
          "a private input's handler must resolve to nothing; what it returned was dropped",
        );
        this.#parts.report(dropped, unused);
      }
    } catch {
      // What a handler throws may hold the value: it is not reported.
      outcome = PRIVATE_INPUT_UNUSABLE;
      const threw = "a private input's handler threw; what it threw is not reported, since it may hold the value";
      this.#parts.report(new Error(threw), unused);
    }
    // Ended meanwhile (timed out, cancelled): that outcome stands, and the value is gone all the same.
    await lifecycle.endIfOpen(claimed, outcome);
  }
}
