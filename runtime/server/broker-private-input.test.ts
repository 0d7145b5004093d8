import { afterEach, describe, expect, it, vi } from "vitest";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import { ClientCallClosedError, ClientResultInvalidError, PrivateInputMisdirectedError } from "../wire/errors.js";
import { outcomeToObservation } from "../wire/observation.js";
import type { PrivateInputCall, PrivateInputHandlers } from "../wire/private-input-call.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { approveClientToolCall } from "./approval.js";
import { ClientCallBroker } from "./broker.js";
import type { ClientCallBrokerOptions } from "./broker-options.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";

const CANARY = "canary-7f3a9c-do-not-leak";
const [connect, connectTwice] = parseClientToolSpecs([
  {
    name: "connect_account",
    description: "Connect the requested service with credentials the user enters.",
    parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
    privateInput: {
      schema: {
        type: "object",
        properties: { token: { type: "string", minLength: 1 } },
        required: ["token"],
        additionalProperties: false,
      },
      response: { status: "connected" },
    },
    permission: "accounts.connect",
  },
  {
    name: "connect_twice",
    description: "Connect, with two tries at typing the token.",
    privateInput: {
      schema: { type: "object", properties: { token: { type: "string", minLength: 8 } }, required: ["token"] },
      response: { status: "connected" },
    },
    maxAttempts: 2,
  },
]);
const call = {
  conversationId: "c1",
  owner: "alice",
  toolName: "connect_account",
  toolCallId: "call_1",
  args: { service: "github" },
};

const brokers: ClientCallBroker[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});

/** A broker whose handlers record what they were given, and whose errors are collected. */
function brokerWith(
  handle: (privateInput: unknown) => Promise<unknown> = async () => undefined,
  options: Partial<ClientCallBrokerOptions> = {},
) {
  const taken: { privateInput: unknown; args: unknown; call: PrivateInputCall }[] = [];
  const errors: string[] = [];
  const record = async (privateInput: unknown, args: unknown, info: PrivateInputCall): Promise<void> => {
    taken.push({ privateInput, args, call: info });
    return (await handle(privateInput)) as undefined;
  };
  const privateInputs: PrivateInputHandlers = { connect_account: record, connect_twice: record };
  const broker = new ClientCallBroker({
    tools: [connect!, connectTwice!],
    privateInputs,
    onError: (error, context) => errors.push(`${context}: ${String(error)}`),
    ...options,
  });
  brokers.push(broker);
  return { broker, taken, errors };
}

describe("a private input", () => {
  it("asks the client with the private value's schema, hands the value once to the server's handler, and gives the model a fresh copy of the response", async () => {
    const { broker, taken } = brokerWith();
    const sent = nextRequest(broker);
    const outcome = broker.dispatch(call);
    const request = await sent;
    expect(request).toMatchObject({
      privateInput: true,
      privateInputSchema: connect!.privateInput!.schema,
      args: { service: "github" },
    });
    await broker.submit({ requestId: request.requestId, owner: "alice", attempt: 1, result: { token: CANARY } });
    expect(taken).toEqual([
      {
        privateInput: { token: CANARY },
        args: { service: "github" },
        call: {
          conversationId: "c1",
          owner: "alice",
          toolName: "connect_account",
          toolCallId: "call_1",
          requestId: request.requestId,
        },
      },
    ]);
    const ended = await outcome;
    expect(ended).toEqual({ status: "ok", result: { status: "connected" } });
    if (ended.status !== "ok") throw new Error("not ok");
    // A copy: what the model's side does with it cannot change the spec.
    expect(ended.result).not.toBe(connect!.privateInput!.response);
    expect(outcomeToObservation(ended, connect).content[0]!.text).toBe('{"status":"connected"}');
    // One-time: any later submission is refused, and the handler is not called again.
    await expect(
      broker.submit({ requestId: request.requestId, owner: "alice", result: { token: CANARY } }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
    expect(taken).toHaveLength(1);
  });

  it("is taken once when two submissions race", async () => {
    let release!: () => void;
    const { broker, taken } = brokerWith(
      () => new Promise<undefined>((resolve) => (release = () => resolve(undefined))),
    );
    const sent = nextRequest(broker);
    const outcome = broker.dispatch(call);
    const { requestId } = await sent;
    const first = broker.submit({ requestId, owner: "alice", result: { token: "a" } });
    const second = broker.submit({ requestId, owner: "alice", result: { token: "b" } });
    await expect(second).rejects.toMatchObject({ status: 409 });
    // While the handler runs, the call is no client's to answer, nor listed for one.
    expect(await broker.pending({ owner: "alice" })).toEqual([]);
    await expect(broker.submit({ requestId, owner: "alice", result: { token: "c" } })).rejects.toMatchObject({
      status: 409,
    });
    release();
    await first;
    expect(taken.map((t) => t.privateInput)).toEqual([{ token: "a" }]);
    await expect(outcome).resolves.toEqual({ status: "ok", result: { status: "connected" } });
  });

  it("refuses an invalid value with pointers and rules, never the value, and ends the call when no attempt is left", async () => {
    const { broker, taken } = brokerWith();
    const sent = nextRequest(broker);
    const outcome = broker.dispatch(call);
    const { requestId } = await sent;
    const refused = broker.submit({ requestId, owner: "alice", result: { token: 7, [CANARY]: CANARY, note: CANARY } });
    await expect(refused).rejects.toBeInstanceOf(ClientResultInvalidError);
    const error = (await refused.catch((e: unknown) => e)) as ClientResultInvalidError;
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^The private input for connect_account does not match its privateInput\.schema: /);
    expect(JSON.stringify(error.toJSON()) + error.message).not.toContain(CANARY);
    expect(taken).toEqual([]);
    const ended = await outcome;
    expect(ended).toEqual({ status: "private_input_failed", reason: "invalid" });
    expect(JSON.stringify(outcomeToObservation(ended))).not.toContain(CANARY);
  });

  it("asks again after an invalid value while maxAttempts allows, and takes the corrected one", async () => {
    const { broker, taken } = brokerWith();
    const first = nextRequest(broker);
    const outcome = broker.dispatch({ ...call, toolName: "connect_twice", args: {} });
    const asked = await first;
    const again = nextRequest(broker);
    await expect(
      broker.submit({ requestId: asked.requestId, owner: "alice", result: { token: "short" } }),
    ).rejects.toMatchObject({ status: 422 });
    expect(await again).toMatchObject({ requestId: asked.requestId, attempt: 2, privateInput: true });
    // The first attempt's prompt is over: only the new one is answered.
    await expect(
      broker.submit({ requestId: asked.requestId, owner: "alice", attempt: 1, result: { token: "long enough" } }),
    ).rejects.toMatchObject({ status: 409 });
    await broker.submit({ requestId: asked.requestId, owner: "alice", attempt: 2, result: { token: "long enough" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { status: "connected" } });
    expect(taken.map((t) => t.privateInput)).toEqual([{ token: "long enough" }]);
  });

  it("ends as private_input_failed, with nothing of what the handler threw or returned, when the handler fails", async () => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    for (const handle of [
      () => Promise.reject(new Error(`bad token ${CANARY}`)),
      () => Promise.resolve({ echo: CANARY }),
    ]) {
      const { broker, errors } = brokerWith(handle);
      const sent = nextRequest(broker);
      const outcome = broker.dispatch(call);
      const { requestId } = await sent;
      await broker.submit({ requestId, owner: "alice", result: { token: CANARY } });
      const ended = await outcome;
      expect(ended).toEqual({ status: "private_input_failed", reason: "unusable" });
      const observation = outcomeToObservation(ended, connect);
      expect(observation.is_error).toBe(true);
      expect(JSON.stringify(observation)).not.toContain(CANARY);
      expect(errors).toHaveLength(1);
      expect(errors.join("\n")).not.toContain(CANARY);
    }
    expect(console).not.toHaveBeenCalled();
  });

  it("ends as cancelled with its own text when the prompt is dismissed, whatever the client wrote", async () => {
    const { broker, taken } = brokerWith();
    const sent = nextRequest(broker);
    const outcome = broker.dispatch(call);
    const { requestId } = await sent;
    await broker.fail({ requestId, owner: "alice", error: `typed ${CANARY} then closed`, retryable: true });
    const ended = await outcome;
    expect(ended).toEqual({ status: "cancelled", reason: "the user dismissed the prompt", dismissed: true });
    expect(outcomeToObservation(ended).content[0]!.text).toMatch(
      /^The user dismissed the request for their private input/,
    );
    expect(taken).toEqual([]);
    await expect(broker.submit({ requestId, owner: "alice", result: { token: "late" } })).rejects.toBeInstanceOf(
      ClientCallClosedError,
    );
  });

  it("is cleared at its deadline: a submission after it is refused, and the handler never sees it", async () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
    try {
      const { broker, taken } = brokerWith();
      const sent = nextRequest(broker);
      const outcome = broker.dispatch(call);
      const { requestId } = await sent;
      await vi.advanceTimersByTimeAsync(300_000);
      await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 300 });
      await expect(broker.submit({ requestId, owner: "alice", result: { token: CANARY } })).rejects.toMatchObject({
        status: 409,
      });
      expect(taken).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is refused at an instance without its handler (421), where it is not kept, and taken at one that has it", async () => {
    const store = new InMemoryPendingCallStore();
    const { broker: dispatcher, taken } = brokerWith(undefined, { store });
    const bare = new ClientCallBroker({ tools: [connect!], store });
    brokers.push(bare);
    const sent = nextRequest(dispatcher);
    const outcome = dispatcher.dispatch(call);
    const { requestId } = await sent;
    await expect(bare.submit({ requestId, owner: "alice", result: { token: CANARY } })).rejects.toBeInstanceOf(
      PrivateInputMisdirectedError,
    );
    expect(JSON.stringify(await store.get(requestId, "alice"))).not.toContain(CANARY);
    await dispatcher.submit({ requestId, owner: "alice", result: { token: CANARY } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { status: "connected" } });
    expect(taken).toHaveLength(1);
  });

  it("is not dispatched by a broker without its handler: a server bug, said at once", async () => {
    const broker = new ClientCallBroker({ tools: [connect!] });
    brokers.push(broker);
    await expect(broker.dispatch(call)).rejects.toThrow(/takes a private input: give the broker its handler/);
  });

  it("goes through approval first, and permission, as any client tool", async () => {
    const asked: string[] = [];
    const { broker } = brokerWith(undefined, {
      approve: (request) => {
        asked.push(request.toolName);
        return approveClientToolCall(request);
      },
    });
    const denied = await broker.dispatch({ ...call, principal: { id: "alice", permissions: [] } });
    expect(denied).toMatchObject({ status: "denied" });
    expect(asked).toEqual([]);
    const sent = nextRequest(broker);
    void broker.dispatch({
      ...call,
      toolCallId: "call_2",
      principal: { id: "alice", permissions: ["accounts.connect"] },
    });
    await sent;
    expect(asked).toEqual(["connect_account"]);
  });
});
