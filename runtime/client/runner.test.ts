import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flush } from "../server/__fixtures__/tools.js";
import type { ClientToolAnswerMessage, ClientToolRequest } from "../wire/messages.js";
import { RetryableClientToolError } from "./retryable-error.js";
import { type ClientToolRunContext, createClientToolRunner } from "./runner.js";

const NOW = Date.parse("2025-01-01T00:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function request(overrides: Partial<ClientToolRequest> = {}): ClientToolRequest {
  return {
    requestId: "r1",
    conversationId: "c1",
    toolName: "get_location",
    toolCallId: "call_1",
    args: { precise: true },
    attempt: 1,
    expiresAt: NOW + 30_000,
    ...overrides,
  };
}

function setup(handlers: object, validators?: Parameters<typeof createClientToolRunner>[0]["validators"]) {
  const sent: ClientToolAnswerMessage[] = [];
  const runner = createClientToolRunner({
    handlers,
    send: (m) => void sent.push(m),
    ...(validators ? { validators } : {}),
  });
  return { runner, sent };
}

describe("createClientToolRunner", () => {
  it("reports how long the handler ran with the answer to a traced request (a traceparent), and only then", async () => {
    const { runner, sent } = setup({
      get_location: async () => {
        await new Promise((resolve) => setTimeout(resolve, 250));
        return { city: "Lyon" };
      },
      fail: async () => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        throw new Error("off");
      },
    });
    const traced = { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" };
    const handled = Promise.all([
      runner.handle(request(traced)),
      runner.handle(request({ ...traced, requestId: "r3", toolName: "fail" })),
      runner.handle(request({ requestId: "r4" })),
    ]);
    await vi.advanceTimersByTimeAsync(250);
    await handled;
    expect(sent).toEqual([
      { type: "client_tool.error", requestId: "r3", attempt: 1, error: "off", retryable: false, handlerMs: 40 },
      { type: "client_tool.result", requestId: "r1", attempt: 1, result: { city: "Lyon" }, handlerMs: 250 },
      { type: "client_tool.result", requestId: "r4", attempt: 1, result: { city: "Lyon" } },
    ]);
  });

  it("sends a private input's value as the result, and reports a handler that threw as a dismissed prompt, without its message", async () => {
    const secret = {
      requestId: "r2",
      toolName: "connect_account",
      privateInput: true as const,
      privateInputSchema: { type: "object" },
    };
    const { runner, sent } = setup({
      connect_account: (_args: unknown, ctx: ClientToolRunContext) => {
        if (ctx.request.attempt === 2) throw new Error("typed s3cret, then closed the dialog");
        return { token: "s3cret" };
      },
    });
    await runner.handle(request(secret));
    await runner.handle(request({ ...secret, attempt: 2 }));
    expect(sent).toEqual([
      { type: "client_tool.result", requestId: "r2", attempt: 1, result: { token: "s3cret" } },
      {
        type: "client_tool.error",
        requestId: "r2",
        attempt: 2,
        error: "The user dismissed the prompt.",
        retryable: false,
      },
    ]);
  });

  it("calls the tool's handler with the arguments and a context, and sends its result", async () => {
    const handler = vi.fn((_args: { precise: boolean }, _ctx: ClientToolRunContext) => ({ city: "Lyon" }));
    const { runner, sent } = setup({ get_location: handler });

    await runner.handle(request());
    expect(handler).toHaveBeenCalledWith({ precise: true }, { signal: expect.any(AbortSignal), request: request() });
    expect(sent).toEqual([{ type: "client_tool.result", requestId: "r1", attempt: 1, result: { city: "Lyon" } }]);
  });

  it("passes the app's context to the handler, with the request's own signal and request beside it (never overridden by the app's)", async () => {
    const handler = vi.fn((_args: unknown, _ctx: ClientToolRunContext<{ ui: string }>) => ({ city: "Lyon" }));
    const runner = createClientToolRunner({
      handlers: { get_location: handler },
      context: { ui: "the page", signal: "not a signal", request: "stale" },
      send: () => {},
    });
    await runner.handle(request());
    expect(handler).toHaveBeenCalledWith(
      { precise: true },
      { ui: "the page", signal: expect.any(AbortSignal), request: request() },
    );
  });

  it("runs a request once: duplicates, replays and older attempts are ignored; a newer attempt runs", async () => {
    let finish: (value: { city: string }) => void = () => {};
    const handler = vi.fn(() => new Promise<{ city: string }>((resolve) => (finish = resolve)));
    const { runner, sent } = setup({ get_location: handler });

    const first = runner.handle(request());
    const duplicate = runner.handle(request());
    finish({ city: "Lyon" });
    await Promise.all([first, duplicate]);
    await runner.handle(request());
    expect(handler).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(1);

    const retry = runner.handle(request({ attempt: 2 }));
    finish({ city: "Paris" });
    await retry;
    await runner.handle(request({ attempt: 1 }));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(sent.map((m) => m.attempt)).toEqual([1, 2]);
  });

  it("ignores a request whose expiresAt has passed", async () => {
    const handler = vi.fn(() => ({ city: "Lyon" }));
    const { runner, sent } = setup({ get_location: handler });

    await runner.handle(request({ expiresAt: NOW }));
    expect(handler).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("aborts the handler's signal when the request expires, and sends nothing afterwards", async () => {
    let signal: AbortSignal | undefined;
    let finish: () => void = () => {};
    const handler = vi.fn((_args: unknown, ctx: ClientToolRunContext) => {
      signal = ctx.signal;
      return new Promise((resolve) => (finish = () => resolve({ city: "Lyon" })));
    });
    const { runner, sent } = setup({ get_location: handler });

    const handled = runner.handle(request());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect((signal!.reason as DOMException).name).toBe("TimeoutError");

    finish();
    await handled;
    expect(sent).toEqual([]);
    // The runner forgets the request at expiry, and a replay is still not run: it has expired too.
    expect(vi.getTimerCount()).toBe(0);
    await runner.handle(request());
    expect(handler).toHaveBeenCalledOnce();
  });

  it("keeps waiting for a deadline beyond what one timer can wait (about 24.8 days)", async () => {
    let signal: AbortSignal | undefined;
    const { runner } = setup({
      get_location: (_args: unknown, ctx: ClientToolRunContext) => {
        signal = ctx.signal;
        return new Promise(() => {});
      },
    });
    const days = (n: number) => n * 24 * 60 * 60 * 1000;

    void runner.handle(request({ expiresAt: NOW + days(40) }));
    await vi.advanceTimersByTimeAsync(days(30));
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(days(10));
    expect(signal?.aborted).toBe(true);
  });

  it("aborts the handler's signal on cancel, with the reason, and sends nothing", async () => {
    let signal: AbortSignal | undefined;
    const { runner, sent } = setup({
      get_location: (_args: unknown, ctx: ClientToolRunContext) => {
        signal = ctx.signal;
        return new Promise((_resolve, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)));
      },
    });

    const handled = runner.handle(request());
    runner.cancel("r1", "the user stopped the run");
    await handled;
    expect((signal!.reason as DOMException).message).toBe("the user stopped the run");
    expect(sent).toEqual([]);
  });

  it("fires a handler's signal no more once it returned: the call's end heard after this page answered, the expiry and close are moot", async () => {
    let signal: AbortSignal | undefined;
    const { runner, sent } = setup({
      get_location: (_args: unknown, ctx: ClientToolRunContext) => {
        signal = ctx.signal;
        return { city: "Lyon" };
      },
    });
    await runner.handle(request());
    expect(sent).toHaveLength(1);
    runner.cancel("r1", "A page of this user answered the call.");
    await vi.advanceTimersByTimeAsync(31_000);
    runner.close();
    expect(signal!.aborted).toBe(false);
  });

  it("close() aborts running handlers, clears its timers and ignores later requests", async () => {
    let signal: AbortSignal | undefined;
    const handler = vi.fn((_args: unknown, ctx: ClientToolRunContext) => {
      signal = ctx.signal;
      return new Promise(() => {});
    });
    const { runner, sent } = setup({ get_location: handler });

    void runner.handle(request());
    await flush();
    runner.close();
    expect(signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);

    await runner.handle(request({ requestId: "r2" }));
    expect(handler).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });

  it("turns a thrown exception into a non-retryable error carrying only its message", async () => {
    const { runner, sent } = setup({
      get_location: () => {
        throw new Error("Location permission denied.");
      },
    });

    await runner.handle(request());
    expect(sent).toEqual([
      {
        type: "client_tool.error",
        requestId: "r1",
        attempt: 1,
        error: "Location permission denied.",
        retryable: false,
      },
    ]);
  });

  it("reports a RetryableClientToolError as retryable, and a thrown non-Error without its contents", async () => {
    const { runner, sent } = setup({
      get_location: async () => {
        throw new RetryableClientToolError("GPS is warming up.");
      },
      read_clipboard: () => {
        throw { secret: "token" };
      },
    });

    await runner.handle(request());
    await runner.handle(request({ requestId: "r2", toolName: "read_clipboard" }));
    expect(sent).toEqual([
      { type: "client_tool.error", requestId: "r1", attempt: 1, error: "GPS is warming up.", retryable: true },
      { type: "client_tool.error", requestId: "r2", attempt: 1, error: "The tool's handler failed.", retryable: false },
    ]);
  });

  it("answers a tool without a handler with an error, and never treats Object.prototype members as handlers", async () => {
    const { runner, sent } = setup({});

    await runner.handle(request({ toolName: "missing_tool" }));
    await runner.handle(request({ requestId: "r2", toolName: "toString" }));
    expect(sent).toEqual([
      {
        type: "client_tool.error",
        requestId: "r1",
        attempt: 1,
        error: 'This client has no handler for the tool "missing_tool".',
        retryable: false,
      },
      {
        type: "client_tool.error",
        requestId: "r2",
        attempt: 1,
        error: 'This client has no handler for the tool "toString".',
        retryable: false,
      },
    ]);
  });

  it("calls a class instance's methods with the instance as `this`", async () => {
    class Handlers {
      readonly city = "Lyon";
      get_location() {
        return { city: this.city };
      }
    }
    const { runner, sent } = setup(new Handlers());

    await runner.handle(request());
    expect(sent).toEqual([{ type: "client_tool.result", requestId: "r1", attempt: 1, result: { city: "Lyon" } }]);
  });

  it("checks arguments with the given validators before the handler runs", async () => {
    const args = Object.assign((data: unknown) => typeof (data as { precise?: unknown }).precise === "boolean", {
      errors: [{ instancePath: "/precise", keyword: "type", params: { type: "boolean" }, message: "must be boolean" }],
    });
    const handler = vi.fn(() => ({ city: "Lyon" }));
    const { runner, sent } = setup({ get_location: handler }, { get_location: { args } });

    await runner.handle(request({ args: { precise: "yes" } }));
    await runner.handle(request({ requestId: "r2" }));
    expect(handler).toHaveBeenCalledOnce();
    expect(sent).toEqual([
      {
        type: "client_tool.error",
        requestId: "r1",
        attempt: 1,
        error: "Invalid arguments for get_location: /precise must be boolean.",
        retryable: false,
      },
      { type: "client_tool.result", requestId: "r2", attempt: 1, result: { city: "Lyon" } },
    ]);
  });

  it("rejects handle() when send fails, so the transport's failure is not lost", async () => {
    const runner = createClientToolRunner({
      handlers: { get_location: () => ({ city: "Lyon" }) },
      send: async () => {
        throw new Error("socket closed");
      },
    });

    await expect(runner.handle(request())).rejects.toThrow("socket closed");
  });
});
