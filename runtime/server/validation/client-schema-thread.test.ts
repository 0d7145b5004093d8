import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../../test-support/built-package.js";
import type { JsonObject } from "../../util/json.js";
import { createClientSchemaThread } from "./client-schema-thread.js";

// Run from the TypeScript sources there is no script for a thread: the thread is tested in a
// package built as users get it, in a process of its own.
let pkg: string;
beforeAll(() => {
  pkg = buildPackage({ linkNodeModules: true });
});
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

/** Runs an ES module against the built package's dist/ (`DIST` in it), and returns what it prints as JSON. */
function runBuilt(name: string, source: string, nodeOptions: readonly string[] = []): unknown {
  const file = path.join(pkg, name);
  writeFileSync(file, source.replaceAll("DIST", pathToFileURL(path.join(pkg, "dist")).href));
  const result = spawnSync(process.execPath, [...nodeOptions, file], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as unknown;
}

/**
 * A client's output schema near the registry's limits: 4,330 schema objects, a pattern in each leaf (about 0.8 s of
 * ajv's work).
 */
const BIG_SCHEMA = `{ type: "object", properties: Object.fromEntries(Array.from({ length: 9 }, (_, j) => [\`o\${j}\`, { type: "object", properties: Object.fromEntries(Array.from({ length: 480 }, (_, i) => [\`p\${i}\`, { type: "string", maxLength: i, pattern: "^a+$" }])) }])) }`;

describe("checking against a client's schema", () => {
  it("never holds up the event loop: the loop keeps turning while a schema at the limits is compiled, and its answers are checked", {
    timeout: 120_000,
  }, () => {
    const measured = runBuilt(
      "stall.mjs",
      `import { ClientToolRegistry } from "DIST/runtime/registry/server-registry.js";
import { ClientCallBroker } from "DIST/runtime/server/broker.js";
const registry = new ClientToolRegistry();
registry.scope("c1").register({ name: "big", description: "Big.", outputSchema: ${BIG_SCHEMA} });
// The first answer checked against this schema takes ~0.35 s idle: on two busy cores that can pass
// the default 500 ms deadline, which is not what this test is about.
const broker = new ClientCallBroker({ tools: registry, validationTimeoutMs: 5_000 });
let last = performance.now(), longestGap = 0;
const ticks = setInterval(() => { const now = performance.now(); longestGap = Math.max(longestGap, now - last); last = now; }, 2);
const requested = new Promise((resolve) => broker.on("requested", ({ request }) => resolve(request)));
const start = performance.now();
const outcome = broker.dispatch({ conversationId: "c1", owner: "o", toolName: "big", toolCallId: "t", args: {} });
const request = await requested;
const compileMs = performance.now() - start;
clearInterval(ticks);
let refused = "";
try { await broker.submit({ requestId: request.requestId, owner: "o", result: { o1: { p3: "b" } } }); } catch (error) { refused = error.message; }
await broker.submit({ requestId: request.requestId, owner: "o", result: { o1: { p3: "aa" } } });
console.log(JSON.stringify({ compileMs, longestGap, refused, outcome: await outcome }));
await broker.close();`,
    ) as { compileMs: number; longestGap: number; refused: string; outcome: unknown };
    expect(measured.refused).toMatch(/\/o1\/p3 must match pattern "\^a\+\$"/);
    expect(measured.outcome).toEqual({ status: "ok", result: { o1: { p3: "aa" } } });
    // Compiled in this thread, the loop would stand still the whole time.
    expect(measured.longestGap).toBeLessThan(measured.compileMs / 4);
  });

  it("stops a thread that takes longer than its compile deadline, and compiles again in a new one", {
    timeout: 120_000,
  }, () => {
    const measured = runBuilt(
      "deadline.mjs",
      `import { createClientSchemaThread } from "DIST/runtime/server/validation/client-schema-thread.js";
const thread = createClientSchemaThread({ compileDeadlineMs: 300 });
const late = await thread.compile("big", ${BIG_SCHEMA}).then(() => "compiled", (error) => error.message);
const again = await thread.validate("n", { type: "number" }, "x");
thread.close();
console.log(JSON.stringify({ late, again }));`,
    );
    expect(measured).toEqual({
      late: "compiling the validator took longer than 300 ms",
      again: [{ pointer: "", message: "must be number" }],
    });
  });

  it("stops a validation past its deadline (500 patternProperties against 30,000 keys), with the loop turning, and goes on with the requests behind it in a new thread", {
    timeout: 120_000,
  }, () => {
    const measured = runBuilt(
      "validation-deadline.mjs",
      `import { createClientSchemaThread } from "DIST/runtime/server/validation/client-schema-thread.js";
const thread = createClientSchemaThread({ validationDeadlineMs: 200 });
const patterns = { type: "object", patternProperties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => ["^k" + i + "x", { type: "string" }])) };
const small = { type: "object", properties: { a: { type: "string" } } };
await thread.compile("small", small);
await thread.compile("patterns", patterns);
const keys = Object.fromEntries(Array.from({ length: 30000 }, (_, i) => ["k" + i, "v"]));
let last = performance.now(), longestGap = 0;
const ticks = setInterval(() => { const now = performance.now(); longestGap = Math.max(longestGap, now - last); last = now; }, 2);
const start = performance.now();
const costly = thread.validate("patterns", patterns, keys);
const behind = thread.validate("small", small, { a: 1 });
const results = { costly: await costly, costlyMs: performance.now() - start, behind: await behind };
clearInterval(ticks);
console.log(JSON.stringify({ ...results, longestGap, fine: await thread.validate("patterns", patterns, { k1x: "v" }) }));
thread.close();`,
    ) as { costly: unknown; costlyMs: number; behind: unknown; longestGap: number; fine: unknown };
    expect(measured.costly).toEqual([
      {
        pointer: "",
        message: "could not be checked within 200 ms: the value is too costly to validate against this schema",
      },
    ]);
    // Validated in this thread, the check alone holds the loop for seconds (about 4 s with ajv's own RegExp); in the
    // thread the loop never stands still for as long as the deadline it enforces, copying the value included.
    expect(measured.costlyMs).toBeLessThan(2_000);
    expect(measured.longestGap).toBeLessThan(200);
    expect(measured.behind).toEqual([{ pointer: "/a", message: "must be string" }]);
    expect(measured.fine).toBeUndefined();
  });
});

describe("what a dropped conversation's validators cost, with the thread (and small schemas' copies on the event loop)", () => {
  it("gives back the memory of 3,000 conversations, each with its own schemas compiled, called and dropped (heap within 10 MB)", {
    timeout: 180_000,
  }, () => {
    const measured = runBuilt(
      "memory.mjs",
      `import { ClientToolRegistry } from "DIST/runtime/registry/server-registry.js";
import { ClientCallBroker } from "DIST/runtime/server/broker.js";
import { InMemoryPendingCallStore } from "DIST/runtime/server/stores/memory-store.js";
const registry = new ClientToolRegistry();
const broker = new ClientCallBroker({ tools: registry, store: new InMemoryPendingCallStore({ closedRetentionMs: 1 }) });
let pending;
broker.on("requested", ({ request }) => pending?.(request));
const tool = (i) => ({ name: "ask_user", description: "Ask.", parameters: { type: "object", properties: { question: { type: "string" } } },
  outputSchema: { type: "object", properties: { ["answer_" + i]: { type: "string", maxLength: 100 + i, pattern: "^[a-z]{1," + ((i % 50) + 3) + "}$" }, score: { type: "integer", minimum: -i } }, required: ["answer_" + i] } });
const conversation = async (i) => {
  registry.scope("c" + i, { owner: "alice" }).register({ client_tools: [tool(i)] });
  const requested = new Promise((resolve) => (pending = resolve));
  const outcome = broker.dispatch({ conversationId: "c" + i, owner: "alice", toolName: "ask_user", toolCallId: "call_1", args: { question: "Go?" } });
  const request = await requested;
  await broker.submit({ requestId: request.requestId, owner: "alice", result: { ["answer_" + i]: "yes", score: 0 } });
  if ((await outcome).status !== "ok") throw new Error("not ok");
  registry.dropScope("c" + i);
};
const heapAfter = async (from, to) => {
  for (let i = from; i < to; i++) await conversation(i);
  await new Promise((resolve) => setTimeout(resolve, 20));
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const baseline = await heapAfter(0, 100);
const afterFirst = await heapAfter(100, 3100);
const afterSecond = await heapAfter(3100, 6100);
await broker.close();
console.log(JSON.stringify({ first: (afterFirst - baseline) / 2 ** 20, second: (afterSecond - baseline) / 2 ** 20 }));`,
      ["--expose-gc"],
    ) as { first: number; second: number };
    expect(measured.first).toBeLessThan(10);
    expect(measured.second).toBeLessThan(10);
  });
});

describe("createClientSchemaThread, run from the sources", () => {
  it("compiles and validates here, with ajv's reason when it cannot compile", async () => {
    const thread = createClientSchemaThread();
    expect(await thread.validate("s", { type: "string", maxLength: 3 }, "abcd")).toEqual([
      { pointer: "", message: "must NOT have more than 3 characters" },
    ]);
    await expect(thread.compile("n", { type: "numbr" } as JsonObject)).rejects.toThrow(/type must be JSONType/);
    thread.close();
  });
});
