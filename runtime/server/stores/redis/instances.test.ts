import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../../../test-support/built-package.js";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../../test-support/redis-server.js";
import { removeTempProjects } from "../../../../test-support/temp-project.js";

// Three server processes on a redis-server of the test's own: A dispatches, B and C (which know
// no tools) take the answers over HTTP; A is killed with SIGKILL half-way and restarted. Each time
// A starts, Redis takes no writes for longer than the store waits (as on a loaded machine), so
// dispatches and answers get 503 and are sent again, as the README tells servers and pages to.
const haveRedis = haveRedisServer();

const CALLS = 2000;
/** How long the answering goes on at most. */
const RUN_MS = 120_000;
// Longer than the whole run: a call ended before the kill and forgotten before the restarted
// dispatcher dispatches it again would be a new call, by design. On a loaded machine the first
// half alone may take longer than any shorter figure.
const RETENTION_MS = RUN_MS + 60_000;
/** Longer than the store's operation timeout (2,000 ms). */
const STALL_MS = 3_000;
const RETRY_MS = 250;

interface Instance {
  readonly child: ChildProcess;
  readonly port: number;
  /** Each `OUTCOME n <json>` line the instance printed, by n. */
  readonly outcomes: Map<number, unknown>;
  /** How many dispatches it sent again after a 503. */
  readonly retried: { count: number };
  /** Each dispatch that failed, as it printed it. */
  readonly failed: string[];
  readonly exited: Promise<void>;
}

describe.skipIf(!haveRedis)("three instances on one Redis", () => {
  let pkg: string;
  let server: RedisServerUnderTest;
  let url: string;
  let redis: ReturnType<typeof createClient>;
  const running: Instance[] = [];

  beforeAll(async () => {
    pkg = buildPackage({ linkNodeModules: true });
    copyFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/instance.mjs"),
      path.join(pkg, "instance.mjs"),
    );
    server = await startRedisServer(false);
    url = `redis://127.0.0.1:${server.port}`;
    redis = createClient({ url });
    await redis.connect();
  }, 120_000);
  afterAll(async () => {
    for (const instance of running) instance.child.kill("SIGKILL");
    await redis?.close();
    await server?.release();
    removeTempProjects();
  });

  function start(role: "dispatcher" | "answerer", keyPrefix: string): Promise<Instance> {
    const child = spawn(process.execPath, [path.join(pkg, "instance.mjs"), role], {
      cwd: pkg,
      env: {
        ...process.env,
        GCT_REDIS_URL: url,
        KEY_PREFIX: keyPrefix,
        RETENTION_MS: String(RETENTION_MS),
        CALLS: String(CALLS),
        STALL_MS: String(STALL_MS),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const outcomes = new Map<number, unknown>();
    const retried = { count: 0 };
    const failed: string[] = [];
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    return new Promise((resolve, reject) => {
      let buffered = "";
      let port: number | undefined;
      child.stdout!.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop()!;
        for (const line of lines) {
          const ready = /^READY (\d+)$/.exec(line);
          if (ready) {
            port = Number(ready[1]);
            const instance = { child, port, outcomes, retried, failed, exited };
            running.push(instance);
            resolve(instance);
          }
          const outcome = /^OUTCOME (\d+) (.*)$/.exec(line);
          if (outcome) {
            const n = Number(outcome[1]);
            // Exactly once per call in one process.
            if (outcomes.has(n)) throw new Error(`call ${n} ended twice in one process`);
            outcomes.set(n, JSON.parse(outcome[2]!));
          }
          if (line.startsWith("RETRIED")) retried.count++;
          if (line.startsWith("FAILED")) failed.push(line);
        }
      });
      child.on(
        "exit",
        (code) => port === undefined && reject(new Error(`the ${role} exited with ${code} before it was ready`)),
      );
    });
  }

  const post = (port: number, owner: string, requestId: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}/client-tools/${requestId}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-owner": owner },
      body: JSON.stringify(body),
    }).then(async (response) => (await response.arrayBuffer(), response.status));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A request sent again after each 503, as the README's page does, at a random answerer: each status, in order. */
  const send = async (at: () => number, owner: string, requestId: string, body: unknown): Promise<number[]> => {
    const statuses: number[] = [];
    do {
      if (statuses.length > 0) await sleep(RETRY_MS);
      statuses.push(await post(at(), owner, requestId, body));
    } while (statuses.at(-1) === 503 && statuses.length < 20);
    return statuses;
  };

  it("ends every call exactly once with its own result through answers at random instances, duplicates, forged owners, stalls of Redis and a kill -9 of the dispatcher", async () => {
    const keyPrefix = `multi:${randomUUID()}:`;
    let a = await start("dispatcher", keyPrefix);
    const first = a;
    const [b, c] = await Promise.all([start("answerer", keyPrefix), start("answerer", keyPrefix)]);
    const answerers = [b, c];
    const pick = () => answerers[Math.floor(Math.random() * 2)]!;
    const accepted = new Map<string, number>();
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let restarted: Instance | undefined;

    // The client: lists its open calls at a random instance and answers each at a random one,
    // sometimes twice at once (exactly one wins), sometimes first as another owner (refused).
    const answer = async (request: { requestId: string; args: { n: number }; attempt: number }) => {
      const at = () => pick().port;
      const body = { result: { n: request.args.n }, attempt: request.attempt };
      if (Math.random() < 0.1) (await send(at, "mallory", request.requestId, { result: { n: -1 } })).forEach(count);
      const tries = Math.random() < 0.2 ? 2 : 1;
      const sent = await Promise.all(Array.from({ length: tries }, () => send(at, "alice", request.requestId, body)));
      for (const statuses of sent) statuses.forEach(count);
      // Taken by a 200; or, where none came, by an answer that got a 503 and was applied after
      // all, which the page learns from the 409 "already ended" of the same answer sent again.
      const taken = sent.filter((statuses) => statuses.at(-1) === 200).length;
      const takenAfter503 = taken === 0 && sent.some((statuses) => statuses.includes(503) && statuses.at(-1) === 409);
      if (taken > 0 || takenAfter503)
        accepted.set(request.requestId, (accepted.get(request.requestId) ?? 0) + Math.max(taken, 1));
    };
    let openAtKill = 0;
    let answeredWhileDown = 0;
    const until = Date.now() + RUN_MS;
    while (Date.now() < until) {
      const listing = await fetch(`http://127.0.0.1:${pick().port}/client-tools`, { headers: { "x-owner": "alice" } });
      if (listing.status === 503) {
        await listing.arrayBuffer();
        count(503);
        await sleep(RETRY_MS);
        continue;
      }
      const listed = (await listing.json()) as {
        requests: { requestId: string; args: { n: number }; attempt: number }[];
      };
      const open = listed.requests.filter((request) => !accepted.has(request.requestId));
      if (open.length === 0 && restarted !== undefined && restarted.outcomes.size === CALLS) break;
      for (let i = 0; i < open.length; i += 50) {
        const batch = open.slice(i, i + 50);
        if (restarted === undefined && accepted.size >= CALLS / 2) {
          // Half-way: the dispatcher dies with calls open, and answers go on arriving while it is down.
          a.child.kill("SIGKILL");
          await a.exited;
          openAtKill = CALLS - a.outcomes.size;
          await Promise.all(batch.map(answer));
          answeredWhileDown = batch.length;
          restarted = a = await start("dispatcher", keyPrefix);
          continue;
        }
        await Promise.all(batch.map(answer));
      }
      if (open.length === 0) await sleep(50);
    }

    expect(openAtKill, "calls were open when the dispatcher died").toBeGreaterThan(0);
    expect(answeredWhileDown, "answers arrived while it was down").toBeGreaterThan(0);
    expect(restarted, "the dispatcher was killed and restarted").toBeDefined();
    // Each dispatcher started on a stalled Redis: its dispatches got 503 and were sent again; none failed.
    for (const dispatcher of [first, restarted!]) {
      expect(dispatcher.retried.count, "dispatches sent again after a 503").toBeGreaterThan(0);
      expect(dispatcher.failed).toEqual([]);
    }
    // Every call ended with its own result, as the restarted dispatcher sees it (at once for
    // those answered while it was down) and as the first one saw it before the kill.
    expect(restarted!.outcomes.size).toBe(CALLS);
    for (let n = 0; n < CALLS; n++) expect(restarted!.outcomes.get(n)).toEqual({ status: "ok", result: { n } });
    for (const [n, outcome] of first.outcomes) expect(outcome).toEqual({ status: "ok", result: { n } });
    // Exactly one answer accepted per call; the others refused as ended (409), a forged owner as
    // unknown (404), and any request during a stall as unavailable (503, then sent again).
    expect(accepted.size).toBe(CALLS);
    expect([...accepted.values()].every((times) => times === 1)).toBe(true);
    expect(statuses.get(200)).toBeLessThanOrEqual(CALLS);
    expect([...statuses.keys()].filter((status) => ![200, 404, 409, 503].includes(status))).toEqual([]);

    // Nothing is kept past retention: every call and toolCallId key expires within it; schemas with their last call's deadline.
    // (Each key's part is a hash tag after the prefix: `<prefix>{p7}call:<requestId>`.)
    const kept = await redis.keys(`${keyPrefix}{p*}*call:*`);
    expect(kept.filter((key) => key.includes("}toolcall:")).length).toBe(CALLS);
    expect(kept.filter((key) => key.includes("}call:")).length).toBe(CALLS);
    for (const key of kept) expect(await redis.pTTL(key)).toSatisfy((ms: number) => ms > 0 && ms <= RETENTION_MS);
    const schemas = await redis.keys(`${keyPrefix}{p*}schema:*`);
    expect(schemas.length).toBeGreaterThan(0);
    for (const key of schemas) expect(await redis.pTTL(key)).toBeGreaterThan(0);
  }, 180_000);
});
