import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientCallStaleAttemptError } from "../wire/errors.js";
import { createTestBroker, flush } from "./__fixtures__/tools.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ClientCallBroker retries", () => {
  it("re-sends a read-only tool's call after a retryable error, as the same request with attempt + 1, up to maxAttempts", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();
    const { requestId } = request;

    await vi.advanceTimersByTimeAsync(10_000);
    await t.broker.fail({ requestId, owner: "alice", attempt: 1, error: "GPS is warming up.", retryable: true });
    expect(t.requests.map((r) => [r.request.requestId, r.request.attempt, r.request.expiresAt])).toEqual([
      [requestId, 1, Date.parse("2025-01-01T00:00:30Z")],
      [requestId, 2, Date.parse("2025-01-01T00:00:40Z")],
    ]);
    expect(t.requests[1]?.request).toEqual({ ...request, attempt: 2, expiresAt: Date.parse("2025-01-01T00:00:40Z") });

    // An answer for the first attempt arrives after the re-send: refused.
    await expect(
      t.broker.submit({ requestId, owner: "alice", attempt: 1, result: { city: "Lyon" } }),
    ).rejects.toBeInstanceOf(ClientCallStaleAttemptError);

    await t.broker.fail({ requestId, owner: "alice", attempt: 2, error: "GPS is warming up.", retryable: true });
    await t.broker.fail({ requestId, owner: "alice", attempt: 3, error: "GPS is still warming up.", retryable: true });
    expect(t.requests.map((r) => r.request.attempt)).toEqual([1, 2, 3]);
    await expect(outcome).resolves.toEqual({ status: "error", error: "GPS is still warming up.", retryable: true });
  });

  it("gives a re-sent call a fresh deadline", async () => {
    const t = createTestBroker();
    const { outcome, request } = await t.dispatchLocation();
    await vi.advanceTimersByTimeAsync(20_000);
    await t.broker.fail({ requestId: request.requestId, owner: "alice", error: "busy", retryable: true });

    // The first deadline (30 s) passes without a timeout; the second (20 s + 30 s) ends the call.
    await vi.advanceTimersByTimeAsync(29_999);
    let ended = false;
    void outcome.then(() => (ended = true));
    await flush();
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ status: "timeout", timeoutSeconds: 30 });
  });

  it("re-sends an idempotent tool's call and takes the later attempt's result", async () => {
    const t = createTestBroker();
    const outcome = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "sync_settings",
      toolCallId: "call_1",
      args: {},
    });
    await flush();
    const { requestId } = t.requests[0]!.request;

    await t.broker.fail({ requestId, owner: "alice", error: "storage busy", retryable: true });
    await t.broker.submit({ requestId, owner: "alice", attempt: 2, result: { saved: true } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { saved: true } });
    expect(t.requests.map((r) => r.request.attempt)).toEqual([1, 2]);
  });

  it("never sends a tool that is neither idempotent nor read-only twice, whatever its maxAttempts", async () => {
    const t = createTestBroker();
    const outcome = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "confirm_purchase",
      toolCallId: "call_1",
      args: { item: "book" },
    });
    await flush();
    const { requestId } = t.requests[0]!.request;

    await t.broker.fail({ requestId, owner: "alice", error: "dialog could not open", retryable: true });
    await expect(outcome).resolves.toEqual({ status: "error", error: "dialog could not open", retryable: true });
    expect(t.requests).toHaveLength(1);
  });

  it("does not retry by default (maxAttempts 1), even for a read-only tool", async () => {
    const t = createTestBroker();
    const outcome = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "read_clipboard",
      toolCallId: "call_1",
      args: {},
    });
    await flush();

    await t.broker.fail({
      requestId: t.requests[0]!.request.requestId,
      owner: "alice",
      error: "clipboard locked",
      retryable: true,
    });
    await expect(outcome).resolves.toMatchObject({ status: "error", retryable: true });
    expect(t.requests).toHaveLength(1);
  });
});
