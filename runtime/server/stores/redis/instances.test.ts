import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage } from "../../../../test-support/built-package.js";
import { suiteRedisUrl } from "../../../../test-support/redis-server.js";
import { removeTempProjects } from "../../../../test-support/temp-project.js";

// Three server processes on one real redis-server: A dispatches, B and C (which know no tools)
// take the answers over HTTP; A is killed with SIGKILL half-way and restarted.
const url = suiteRedisUrl();
if (url === undefined)
  console.warn(
    "GCT_REDIS_URL is not set: the multi-process Redis test is skipped (.ci/run starts a redis-server and sets it).",
  );

const CALLS = 2000;
/** How long the answering goes on at most. */
const RUN_MS = 120_000;
// Longer than the whole run: a call ended before the kill and forgotten before the restarted
// dispatcher dispatches it again would be a new call, by design. On a loaded machine the first
// half alone may take longer than any shorter figure.
const RETENTION_MS = RUN_MS + 60_000;

interface Instance {
  readonly child: ChildProcess;
  readonly port: number;
  /** Each `OUTCOME n <json>` line the instance printed, by n. */
  readonly outcomes: Map<number, unknown>;
  readonly exited: Promise<void>;
}

describe.skipIf(url === undefined)("three instances on one Redis", () => {
  let pkg: string;
  let redis: ReturnType<typeof createClient>;
  const running: Instance[] = [];

  beforeAll(async () => {
    pkg = buildPackage({ linkNodeModules: true });
    copyFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/instance.mjs"),
      path.join(pkg, "instance.mjs"),
    );
    redis = createClient({ url: url! });
    await redis.connect();
  }, 120_000);
  afterAll(async () => {
    for (const instance of running) instance.child.kill("SIGKILL");
    await redis?.close();
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
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const outcomes = new Map<number, unknown>();
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
            const instance = { child, port, outcomes, exited };
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
          if (line.startsWith("FAILED")) throw new Error(line);
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

  it("ends every call exactly once with its own result through answers at random instances, duplicates, forged owners and a kill -9 of the dispatcher", async () => {
    const keyPrefix = `multi:${randomUUID()}:`;
    let a = await start("dispatcher", keyPrefix);
    const first = a;
    const [b, c] = await Promise.all([start("answerer", keyPrefix), start("answerer", keyPrefix)]);
    const answerers = [b, c];
    const accepted = new Map<string, number>();
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let restarted: Instance | undefined;

    // The client: lists its open calls at a random instance and answers each at a random one,
    // sometimes twice at once (exactly one wins), sometimes first as another owner (refused).
    const answer = async (request: { requestId: string; args: { n: number }; attempt: number }) => {
      const at = () => answerers[Math.floor(Math.random() * 2)]!.port;
      const body = { result: { n: request.args.n }, attempt: request.attempt };
      if (Math.random() < 0.1) count(await post(at(), "mallory", request.requestId, { result: { n: -1 } }));
      const tries = Math.random() < 0.2 ? 2 : 1;
      const results = await Promise.all(
        Array.from({ length: tries }, () => post(at(), "alice", request.requestId, body)),
      );
      for (const status of results) {
        count(status);
        if (status === 200) accepted.set(request.requestId, (accepted.get(request.requestId) ?? 0) + 1);
      }
    };
    let openAtKill = 0;
    let answeredWhileDown = 0;
    const until = Date.now() + RUN_MS;
    while (Date.now() < until) {
      const lister = answerers[Math.floor(Math.random() * 2)]!;
      const listed = (await (
        await fetch(`http://127.0.0.1:${lister.port}/client-tools`, { headers: { "x-owner": "alice" } })
      ).json()) as {
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
      if (open.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(openAtKill, "calls were open when the dispatcher died").toBeGreaterThan(0);
    expect(answeredWhileDown, "answers arrived while it was down").toBeGreaterThan(0);
    expect(restarted, "the dispatcher was killed and restarted").toBeDefined();
    // Every call ended with its own result, as the restarted dispatcher sees it (at once for
    // those answered while it was down) and as the first one saw it before the kill.
    expect(restarted!.outcomes.size).toBe(CALLS);
    for (let n = 0; n < CALLS; n++) expect(restarted!.outcomes.get(n)).toEqual({ status: "ok", result: { n } });
    for (const [n, outcome] of first.outcomes) expect(outcome).toEqual({ status: "ok", result: { n } });
    // Exactly one answer accepted per call; the others refused as ended (409), a forged owner as unknown (404).
    expect(accepted.size).toBe(CALLS);
    expect([...accepted.values()].every((times) => times === 1)).toBe(true);
    expect(statuses.get(200)).toBe(CALLS);
    expect([...statuses.keys()].sort()).toEqual(
      statuses.has(404) ? [200, 404, 409].filter((s) => statuses.has(s)) : [200, 409].filter((s) => statuses.has(s)),
    );

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
