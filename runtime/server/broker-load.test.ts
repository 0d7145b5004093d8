import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientCallClosedError, ClientCallNotFoundError } from "../wire/errors.js";
import type { ClientCallOutcome } from "../wire/outcome.js";
import { createTestBroker, flush } from "./__fixtures__/tools.js";
import { DEFAULT_CLOSED_RETENTION_MS } from "./stores/memory-store.js";

const CALLS = 10_000;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A small seeded PRNG (mulberry32), so a failure replays the same order. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  readonly call: number;
  readonly owner: string;
  readonly city: string;
  readonly kind: "answer" | "duplicate" | "wrong-owner";
}

describe("ClientCallBroker under load", () => {
  it(`ends ${CALLS} concurrent calls exactly once each with their own result, through duplicates and wrong owners`, async () => {
    const t = createTestBroker();
    const owners = Array.from({ length: 50 }, (_, i) => `user-${i}`);
    const outcomes: Promise<ClientCallOutcome>[] = [];
    for (let i = 0; i < CALLS; i++) {
      outcomes.push(
        t.broker.dispatch({
          conversationId: `c${i % 7}`,
          owner: owners[i % owners.length]!,
          toolName: "get_location",
          toolCallId: `call_${i}`,
          args: {},
        }),
      );
    }
    await flush();
    expect(t.requests).toHaveLength(CALLS);
    expect(new Set(t.requests.map((r) => r.request.requestId)).size).toBe(CALLS);
    expect(t.store.stats().open).toBe(CALLS);

    const answers: Answer[] = [];
    for (let i = 0; i < CALLS; i++) {
      const owner = owners[i % owners.length]!;
      answers.push({ call: i, owner, city: `first-${i}`, kind: "answer" });
      answers.push({ call: i, owner, city: `second-${i}`, kind: "duplicate" });
      answers.push({ call: i, owner: owners[(i + 1) % owners.length]!, city: `intruder-${i}`, kind: "wrong-owner" });
    }
    const rand = random(4);
    for (let i = answers.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [answers[i], answers[j]] = [answers[j]!, answers[i]!];
    }

    const results = await Promise.allSettled(
      answers.map((a) =>
        t.broker.submit({ requestId: t.requests[a.call]!.request.requestId, owner: a.owner, result: { city: a.city } }),
      ),
    );

    const accepted = new Map<number, string>();
    results.forEach((result, k) => {
      const a = answers[k]!;
      if (a.kind === "wrong-owner") {
        expect(result.status === "rejected" && result.reason instanceof ClientCallNotFoundError).toBe(true);
      } else if (result.status === "fulfilled") {
        expect(accepted.has(a.call)).toBe(false);
        accepted.set(a.call, a.city);
      } else {
        expect(result.reason).toBeInstanceOf(ClientCallClosedError);
      }
    });
    expect(accepted.size).toBe(CALLS);

    const ended = await Promise.all(outcomes);
    ended.forEach((outcome, i) => expect(outcome).toEqual({ status: "ok", result: { city: accepted.get(i) } }));
    expect(t.settled).toHaveLength(CALLS);
    expect(new Set(t.settled.map((s) => s.request.requestId)).size).toBe(CALLS);

    // The calls carry their tool's outputSchema by fingerprint: one stored schema for all of them.
    expect(t.store.stats()).toEqual({ open: 0, closed: CALLS, schemas: 1 });
    expect(vi.getTimerCount()).toBe(0);
    // Ended calls are remembered (a late answer gets 409) for the retention period, then forgotten;
    // the schema as long as a call could still need it (its deadline, 30 s, plus the retention).
    vi.setSystemTime(Date.now() + DEFAULT_CLOSED_RETENTION_MS + 30_000);
    expect(t.store.stats()).toEqual({ open: 0, closed: 0, schemas: 0 });
  });
});
