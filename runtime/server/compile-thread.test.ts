import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../test-support/built-package.js";
import type { JsonObject } from "../schema/json.js";
import { createCompileThread } from "./compile-thread.js";

// Run from the TypeScript sources there is no script for a thread: the thread is tested in a
// package built as users get it, in a process of its own.
let pkg: string;
beforeAll(() => {
  pkg = buildPackage({ linkNodeModules: true });
});
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

/** Runs an ES module against the built package's dist/ (`DIST` in it), and returns what it prints as JSON. */
function runBuilt(name: string, source: string): unknown {
  const file = path.join(pkg, name);
  writeFileSync(file, source.replaceAll("DIST", pathToFileURL(path.join(pkg, "dist")).href));
  const result = spawnSync(process.execPath, [file], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as unknown;
}

/** A client's output schema near the registry's limits: 4,330 schema objects, a pattern in each leaf (about 0.8 s of ajv's work). */
const BIG_SCHEMA = `{ type: "object", properties: Object.fromEntries(Array.from({ length: 9 }, (_, j) => [\`o\${j}\`, { type: "object", properties: Object.fromEntries(Array.from({ length: 480 }, (_, i) => [\`p\${i}\`, { type: "string", maxLength: i, pattern: "^a+$" }])) }])) }`;

describe("compiling a client's schema", () => {
  it("never holds up the event loop: the loop keeps turning while a schema at the limits is compiled, and its answers are checked", { timeout: 120_000 }, () => {
    const measured = runBuilt(
      "stall.mjs",
      `import { ClientToolRegistry } from "DIST/runtime/registry/server-registry.js";
import { ClientCallBroker } from "DIST/runtime/server/broker.js";
const registry = new ClientToolRegistry();
registry.scope("c1").register({ name: "big", description: "Big.", outputSchema: ${BIG_SCHEMA} });
const broker = new ClientCallBroker({ tools: registry });
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

  it("stops a thread that takes longer than its deadline, and compiles again in a new one", { timeout: 120_000 }, () => {
    const measured = runBuilt(
      "deadline.mjs",
      `import { createCompileThread } from "DIST/runtime/server/compile-thread.js";
const thread = createCompileThread(300);
const late = await thread.code(${BIG_SCHEMA}).then(() => "written", (error) => error.message);
const fresh = createCompileThread();
const small = await fresh.code({ type: "string" });
fresh.close();
const again = await thread.code({ type: "number" }).then((code) => code.length > 0, (error) => error.message);
thread.close();
console.log(JSON.stringify({ late, small: small.includes("module.exports"), again }));`,
    );
    expect(measured).toEqual({ late: "writing the validator took longer than 300 ms", small: true, again: true });
  });
});

describe("createCompileThread, run from the sources", () => {
  it("writes the code here, with ajv's reason when it cannot", async () => {
    const thread = createCompileThread();
    expect(await thread.code({ type: "string", maxLength: 3 })).toContain("module.exports");
    await expect(thread.code({ type: "numbr" } as JsonObject)).rejects.toThrow(/type must be JSONType/);
    thread.close();
  });
});
