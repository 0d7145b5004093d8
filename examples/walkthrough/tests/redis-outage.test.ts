import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test-support/free-port.js";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../test-support/redis-server.js";

// The README's server as it is written (this example's server.ts), its calls in a redis-server of
// the test's own, through `redis-cli shutdown nosave`: a page answers its awaited calls over the
// server's own routes, as the README's page does.
const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cookie = "user=alice";

describe.skipIf(!haveRedisServer())("the README's server through a Redis outage", () => {
  let redis: RedisServerUnderTest;
  let server: ChildProcess;
  let origin: string;
  let stopPage: () => void;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(example, "build.js")], { stdio: "inherit" });
    redis = await startRedisServer(false);
    const port = await freePort();
    server = spawn(process.execPath, [path.join(example, ".build/server.js")], {
      env: { ...process.env, PORT: String(port), REDIS_URL: `redis://127.0.0.1:${redis.port}` },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("/login?user=") && resolve());
      server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    origin = `http://127.0.0.1:${port}`;
    stopPage = await followAsThePage();
  }, 60_000);
  afterAll(async () => {
    stopPage?.();
    server?.kill();
    await redis?.release();
  });

  /** The README's page, minus the browser: each awaited call from /client-tools/events answered, a 503 sent again. */
  async function followAsThePage(): Promise<() => void> {
    const controller = new AbortController();
    const response = await fetch(`${origin}/client-tools/events`, { headers: { cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    void (async () => {
      let buffer = "";
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += read.value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          const request =
            data === undefined ? undefined : (JSON.parse(data) as { requestId?: string; attempt?: number });
          if (request?.requestId === undefined) continue;
          for (let tries = 0; tries < 30; tries++) {
            const answered = await fetch(`${origin}/client-tools/${request.requestId}`, {
              method: "POST",
              headers: { cookie, "content-type": "application/json" },
              body: JSON.stringify({ result: { city: "Lyon" }, attempt: request.attempt }),
            });
            if (answered.status !== 503) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      }
    })().catch(() => {});
    return () => controller.abort();
  }

  const run = () => fetch(`${origin}/run`, { method: "POST", headers: { cookie } });

  it("answers 503 with Retry-After while Redis is down, does not exit, and runs the page's path again once it is back", {
    timeout: 60_000,
  }, async () => {
    const before = await run();
    expect(before.status).toBe(200);
    expect(JSON.stringify(await before.json())).toContain("Lyon");

    await redis.shutdown();
    const during = await run();
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("1");
    expect(server.exitCode).toBeNull();

    await redis.start();
    let after = await run();
    for (let tries = 0; after.status === 503 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await run();
    }
    expect(after.status).toBe(200);
    expect(JSON.stringify(await after.json())).toContain("Lyon");
    expect(server.exitCode).toBeNull();
  });
});
