import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReadmeServer, startReadmeServer } from "../__fixtures__/readme-server.js";

// A client registers a tool of its own whose outputSchema passes every registration rule, and
// answers with a value within the size limits that costs seconds to check. The server is the
// README's, in a process of its own; another client's requests are timed meanwhile.

let server: ReadmeServer;
beforeAll(async () => {
  server = await startReadmeServer();
});
afterAll(() => server.stop());

const uniqueItems = { type: "object", properties: { xs: { type: "array", uniqueItems: true } } };
// Linear in the value, with 500 times the work per key: past the deadline at 30,000 keys.
const manyPatterns = {
  type: "object",
  patternProperties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`^k${i}x`, { type: "string" }])),
};

/**
 * Registers the tool in a conversation of the user's own, dispatches a call to it, and returns the request id the
 * client gets.
 */
async function openCall(user: string, conversationId: string, outputSchema: object): Promise<string> {
  const registered = await server.fetch(user, `/conversations/${conversationId}`, {
    body: { client_tools: [{ name: "costly", description: "A tool of the client's.", outputSchema }] },
  });
  expect(registered.status).toBe(201);
  expect(
    (
      await server.fetch(user, "/dispatch", {
        body: { conversationId, toolName: "costly", toolCallId: "call_1", args: {} },
      })
    ).status,
  ).toBe(202);
  for (;;) {
    const { requests } = (await (await server.fetch(user, "/client-tools")).json()) as {
      requests: { requestId: string; conversationId: string }[];
    };
    const request = requests.find((r) => r.conversationId === conversationId);
    if (request !== undefined) return request.requestId;
    const ended = await server.fetch(user, `/outcome/${conversationId}/call_1`);
    if (ended.status === 200) throw new Error(`the call ended before the client was asked: ${await ended.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * How long another client's request may take while an attack is checked: under the 500 ms
 * validation deadline, far under the seconds the attacks held the event loop for before, and
 * loose enough for a machine busy with other test files.
 */
const SERVED_WITHIN_MS = 400;

/** Runs `attack` while another user lists their calls every 10 ms; the longest any of those requests took. */
async function othersWaitDuring<T>(attack: Promise<T>): Promise<{ result: T; longestWaitMs: number; probes: number }> {
  let done = false;
  let longestWaitMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      expect((await server.fetch("bob", "/client-tools")).status).toBe(200);
      longestWaitMs = Math.max(longestWaitMs, performance.now() - start);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await attack;
  done = true;
  await probing;
  return { result, longestWaitMs, probes };
}

const answer = (user: string, requestId: string, result: unknown) =>
  server.fetch(user, `/client-tools/${requestId}`, { body: { result } });

describe("an answer that costs seconds to check", () => {
  it("uniqueItems over 26,000 objects (300 KB; was: 10 s with the event loop held): checked in linear time, a duplicate refused with 422 and a unique set taken, while another client's requests wait under 400 ms", {
    timeout: 60_000,
  }, async () => {
    const requestId = await openCall("mallory", "m1", uniqueItems);
    const xs = Array.from({ length: 26_000 }, (_, i) => ({ a: i }));
    expect(JSON.stringify({ xs }).length).toBeGreaterThan(300_000);
    const duplicated = await othersWaitDuring(answer("mallory", requestId, { xs: [...xs, { a: 7 }] }));
    expect(duplicated.result.status).toBe(422);
    expect(await duplicated.result.json()).toMatchObject({
      errors: [{ pointer: "/xs", message: "must NOT have duplicate items (items ## 7 and 26000 are identical)" }],
    });
    expect(duplicated.longestWaitMs).toBeLessThan(SERVED_WITHIN_MS);
    const unique = await othersWaitDuring(answer("mallory", requestId, { xs }));
    expect(unique.result.status).toBe(200);
    expect(unique.probes).toBeGreaterThan(0);
    expect(unique.longestWaitMs).toBeLessThan(SERVED_WITHIN_MS);
  });

  it("500 patternProperties against 30,000 keys, answered again and again: each 422 in bounded time with others served, and the tenth ends the call as error", {
    timeout: 90_000,
  }, async () => {
    const requestId = await openCall("mallory", "m2", manyPatterns);
    const keys = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, "v"]));
    for (let n = 1; n <= 10; n++) {
      const { result: response, longestWaitMs } = await othersWaitDuring(answer("mallory", requestId, keys));
      expect(response.status).toBe(422);
      expect(longestWaitMs).toBeLessThan(SERVED_WITHIN_MS);
    }
    expect((await answer("mallory", requestId, {})).status).toBe(409);
    const outcome = await (await server.fetch("mallory", "/outcome/m2/call_1")).json();
    expect(outcome).toEqual({
      status: "error",
      error: "The client's answers did not match the tool's outputSchema 10 times; the call takes no more answers.",
      retryable: false,
    });
  });

  it("takes one owner's costly answers to the thread one at a time: six sent at once delay another owner's check by about one deadline, not six", {
    timeout: 90_000,
  }, async () => {
    const calls = await Promise.all(
      ["m3a", "m3b", "m3c", "m3d", "m3e", "m3f"].map((conversation) => openCall("mallory", conversation, manyPatterns)),
    );
    const bobs = await openCall("bob", "b1", manyPatterns);
    const keys = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, "v"]));
    const finished: number[] = [];
    const costly = calls.map(async (requestId) => {
      const response = await answer("mallory", requestId, keys);
      finished.push(performance.now());
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A schema of 500 patterns: past the size checked on the event loop, so bob's answer goes to the thread too.
    expect((await answer("bob", bobs, { k1x: "v" })).status).toBe(200);
    const bobDone = performance.now();
    for (const response of await Promise.all(costly)) expect(response.status).toBe(422);
    // Mallory's six are checked one after the other, each up to its deadline: bob's answer is
    // checked among the first of them, not behind all six. Counted, not timed, so that a busy
    // machine (which slows every check alike) does not change the verdict.
    expect(finished.filter((time) => time > bobDone).length).toBeGreaterThanOrEqual(3);
  });
});
