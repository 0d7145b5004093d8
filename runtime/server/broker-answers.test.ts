import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { schemaFingerprint } from "../fingerprint/fingerprint.js";
import {
  ClientAnswerMalformedError,
  ClientCallClosedError,
  ClientCallNotFoundError,
  ClientCallStaleAttemptError,
  ClientResultInvalidError,
} from "../wire/errors.js";
import { createTestBroker, specs } from "./__fixtures__/tools.js";
import { ClientCallBroker } from "./broker.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ClientCallBroker answers", () => {
  it("sends a request for the owner and resolves with the client's result", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    expect(t.requests).toEqual([
      {
        owner: "alice",
        request: {
          requestId: request.requestId,
          conversationId: "c1",
          toolName: "get_location",
          toolCallId: "call_0",
          args: {},
          attempt: 1,
          expiresAt: Date.parse("2025-01-01T00:00:30Z"),
        },
        // What any instance needs to check and re-send its answers (get_location is read-only, up to 3 attempts, and
        // waits when interrupted), and to compare the call with a page's contract.
        tool: {
          parameters: schemaFingerprint(specs[0]!.parameters),
          outputSchema: schemaFingerprint(specs[0]!.outputSchema!),
          timeoutSeconds: 30,
          maxAttempts: 3,
          recovery: "wait",
        },
      },
    ]);
    expect(request.requestId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    expect(t.settled).toEqual([
      { owner: "alice", request, tool: t.requests[0]!.tool, outcome: { status: "ok", result: { city: "Lyon" } } },
    ]);
    expect(t.store.stats().open).toBe(0);
  });

  it("takes only the first answer: a second one gets 409 and changes nothing", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();
    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });

    const second = t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Paris" } });
    await expect(second).rejects.toBeInstanceOf(ClientCallClosedError);
    await expect(second).rejects.toMatchObject({ status: 409 });
    await expect(
      t.broker.fail({ requestId: request.requestId, owner: "alice", error: "x", retryable: false }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    expect(t.settled).toHaveLength(1);
  });

  it("answers another owner exactly as it answers an unknown id, and keeps the call open for its owner", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    const wrongOwner = await t.broker
      .submit({ requestId: request.requestId, owner: "mallory", result: { city: "Nowhere" } })
      .catch((e: unknown) => e);
    const unknown = await t.broker
      .submit({ requestId: "A".repeat(22), owner: "mallory", result: { city: "Nowhere" } })
      .catch((e: unknown) => e);
    expect(wrongOwner).toBeInstanceOf(ClientCallNotFoundError);
    expect(unknown).toBeInstanceOf(ClientCallNotFoundError);
    // Same status and the same words apart from the id the caller sent.
    const detail = (e: unknown, id: string) =>
      (e as ClientCallNotFoundError).toJSON().detail.replace(JSON.stringify(id), "<id>");
    expect(detail(wrongOwner, request.requestId)).toBe(detail(unknown, "A".repeat(22)));
    expect((wrongOwner as ClientCallNotFoundError).status).toBe(404);

    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("does not reveal to another owner that a call existed once it has ended (404, not 409)", async () => {
    const t = createTestBroker();
    const { request } = await t.dispatchLocation();
    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });

    await expect(
      t.broker.submit({ requestId: request.requestId, owner: "mallory", result: { city: "X" } }),
    ).rejects.toBeInstanceOf(ClientCallNotFoundError);
  });

  it("refuses an invalid result with 422 and its problems, and keeps the call open for a corrected one", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    const refused = await t.broker
      .submit({ requestId: request.requestId, owner: "alice", result: { town: "Lyon" } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ClientResultInvalidError);
    const invalid = refused as ClientResultInvalidError;
    expect(invalid.status).toBe(422);
    expect(invalid.errors).toEqual([
      { pointer: "/city", message: "must have required property 'city'" },
      { pointer: "/town", message: "must NOT have additional properties" },
    ]);
    expect(invalid.toJSON()).toEqual({ detail: invalid.message, errors: invalid.errors });
    expect(t.store.stats().open).toBe(1);

    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("counts invalid answers in the store, so that answering at several instances in turn takes no more of them", async () => {
    const t = createTestBroker({ maxInvalidAnswers: 3 });
    const other = new ClientCallBroker({ tools: specs, store: t.store, maxInvalidAnswers: 3 });
    const { outcome, request } = await t.dispatchLocation();
    for (const broker of [t.broker, other, t.broker]) {
      await expect(
        broker.submit({ requestId: request.requestId, owner: "alice", result: { town: "Lyon" } }),
      ).rejects.toBeInstanceOf(ClientResultInvalidError);
    }
    await expect(outcome).resolves.toMatchObject({ status: "error", retryable: false });
    await other.close();
  });

  it("takes a bounded number of invalid answers: the one that reaches maxInvalidAnswers ends the call as error, and later answers get 409", async () => {
    const t = createTestBroker({ maxInvalidAnswers: 3 });
    const { outcome, request } = await t.dispatchLocation();
    for (let n = 0; n < 3; n++) {
      await expect(
        t.broker.submit({ requestId: request.requestId, owner: "alice", result: { town: "Lyon" } }),
      ).rejects.toBeInstanceOf(ClientResultInvalidError);
    }
    await expect(outcome).resolves.toEqual({
      status: "error",
      error: "The client's answers did not match the tool's outputSchema 3 times; the call takes no more answers.",
      retryable: false,
    });
    await expect(
      t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
    expect(() => createTestBroker({ maxInvalidAnswers: 0 })).toThrow(/maxInvalidAnswers must be a positive integer/);
  });
  it("refuses an answer for an attempt that is not the current one (409)", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    const stale = await t.broker
      .submit({ requestId: request.requestId, owner: "alice", attempt: 2, result: { city: "Lyon" } })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ClientCallStaleAttemptError);
    expect(stale).toMatchObject({ status: 409 });

    await t.broker.submit({ requestId: request.requestId, owner: "alice", attempt: 1, result: { city: "Lyon" } });
    await expect(outcome).resolves.toMatchObject({ status: "ok" });
  });

  it("ends the call with the client's error when it is not retryable", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();

    await t.broker.fail({
      requestId: request.requestId,
      owner: "alice",
      error: "Location permission denied.",
      retryable: false,
    });
    await expect(outcome).resolves.toEqual({ status: "error", error: "Location permission denied.", retryable: false });
    expect(t.requests).toHaveLength(1);
  });

  it("refuses a malformed error answer with 400 before looking the call up", async () => {
    const t = createTestBroker();
    const { request } = await t.dispatchLocation();
    const malformed = {
      requestId: request.requestId,
      owner: "alice",
      error: { message: "x" },
      retryable: "yes",
    } as unknown as Parameters<typeof t.broker.fail>[0];

    await expect(t.broker.fail(malformed)).rejects.toBeInstanceOf(ClientAnswerMalformedError);
    await expect(t.broker.fail(malformed)).rejects.toMatchObject({ status: 400 });
    expect(t.store.stats().open).toBe(1);
  });

  it("uses a precompiled validator instead of compiling the schema", async () => {
    const onlyParis = Object.assign((data: unknown) => (data as { city?: string }).city === "Paris", {
      errors: [{ instancePath: "/city", keyword: "const", params: {}, message: "must be Paris" }],
    });
    const t = createTestBroker({ validators: { get_location: { result: onlyParis } } });
    const { outcome, request } = await t.dispatchLocation();

    await expect(
      t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } }),
    ).rejects.toMatchObject({
      errors: [{ pointer: "/city", message: "must be Paris" }],
    });
    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Paris" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Paris" } });
  });

  it("rejects a dispatch to an unknown or fire-and-forget tool (a server bug, not the client's)", async () => {
    const t = createTestBroker();
    const call = { conversationId: "c1", owner: "alice", toolCallId: "call_1", args: {} };

    await expect(t.broker.dispatch({ ...call, toolName: "no_such_tool" })).rejects.toThrow(
      /Unknown client tool "no_such_tool"/,
    );
    await expect(t.broker.dispatch({ ...call, toolName: "open_file_viewer" })).rejects.toThrow(
      /acknowledgeClientToolCall/,
    );
    expect(t.requests).toEqual([]);
  });

  it("hands a throwing listener's error to onError and still reaches the other listeners", async () => {
    const onError = vi.fn();
    const t = createTestBroker({ onError });
    t.broker.on("requested", () => {
      throw new Error("transport down");
    });
    const later = vi.fn();
    t.broker.on("requested", later);

    const { outcome, request } = await t.dispatchLocation();
    expect(later).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledWith(new Error("transport down"), 'a "requested" listener threw');

    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toMatchObject({ status: "ok" });
  });

  it("stops calling a listener once it unsubscribes", async () => {
    const t = createTestBroker();
    const listener = vi.fn();
    const off = t.broker.on("requested", listener);
    await t.dispatchLocation();
    off();
    await t.dispatchLocation();

    expect(listener).toHaveBeenCalledOnce();
  });
});
