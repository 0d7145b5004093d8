import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, launchChromium } from "../../../test-support/browser.js";
import { freePort } from "../../../test-support/free-port.js";
import { haveRedisServer, type RedisServerUnderTest, startRedisServer } from "../../../test-support/redis-server.js";

// The agent canvas in Debian's Chromium, driven by playwright-core: the page, the server and the
// scripted model for real, over real sockets on 127.0.0.1; open calls in a redis-server of the
// test's own where one can run (CI), as several instances would share them.
const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repo = path.resolve(example, "../..");
const artifacts = path.join(repo, "test-results");

// On a developer machine without Chromium the test says so and skips; CI installs it (.ci/run).
describe.skipIf(!haveChromium())("agent canvas in a real browser", () => {
  let dataDir: string;
  let port: number;
  let server: ChildProcess | undefined;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let url: string;
  let redis: RedisServerUnderTest | undefined;
  /** Everything the server printed, on either stream. */
  let serverLog = "";
  /** Every WebSocket frame the page received and sent. */
  const frames: string[] = [];

  async function startServer(): Promise<void> {
    const redisUrl = redis === undefined ? "" : `redis://127.0.0.1:${redis.port}`;
    const child = spawn(process.execPath, [path.join(example, ".build/server.js")], {
      env: {
        ...process.env,
        PORT: String(port),
        CANVAS_DATA_DIR: dataDir,
        CANVAS_REDIS_URL: redisUrl,
        OPENAI_API_KEY: "",
        ANTHROPIC_API_KEY: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server = child;
    child.stderr!.on("data", (chunk: Buffer) => {
      serverLog += chunk.toString();
      process.stderr.write(chunk);
    });
    url = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        serverLog += chunk.toString();
        const match = /Agent canvas on (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on("exit", (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
    });
  }

  async function stopServer(): Promise<void> {
    const child = server;
    if (child === undefined || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.on("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }

  async function say(text: string): Promise<void> {
    await page.fill("#message", text);
    await page.click("#composer button");
  }

  const agentSays = (text: string | RegExp) => page.locator("#events li.agent", { hasText: text });

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(example, "build.js")], { stdio: "inherit" });
    dataDir = mkdtempSync(path.join(tmpdir(), "canvas-data-"));
    if (haveRedisServer())
      redis = await startRedisServer(false, ["--rdbcompression", "no", "--dbfilename", "dump.rdb"]);
    port = await freePort();
    await startServer();
    browser = await launchChromium();
    context = await browser.newContext({
      geolocation: { latitude: 45.76, longitude: 4.84 },
      permissions: ["geolocation"],
    });
    page = await context.newPage();
    page.on("websocket", (socket) => {
      socket.on("framereceived", (frame) => void frames.push(String(frame.payload)));
      socket.on("framesent", (frame) => void frames.push(String(frame.payload)));
    });
    await page.goto(url);
    await page.locator("#status", { hasText: "connected" }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer();
    await redis?.release();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("1. opens README.md in the file viewer, and the model acknowledges the dispatch", async () => {
    await say("open README.md");
    await page.locator("#file-viewer:not([hidden])").waitFor();
    expect(await page.textContent("#file-title")).toBe("README.md");
    expect(await page.textContent("#file-body")).toContain("Agent canvas workspace");
    await agentSays("I opened the file in the viewer panel (Tool call dispatched to client.)").waitFor();
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, "agent-canvas-file-viewer.png") });
  });

  it("2. answers get_location from the browser's geolocation, validated by the server", async () => {
    await say("where am I?");
    await agentSays("You are in Lyon.").waitFor();
  });

  it("3. picks an open awaited call up again after a reload, and answers it once", async () => {
    await say("delete the draft");
    await page.locator("#confirm:not([hidden])").waitFor();
    await page.reload();
    await page.locator("#status", { hasText: "connected" }).waitFor();
    await page.locator("#confirm:not([hidden])").waitFor();
    expect(await page.textContent("#confirm-question")).toBe("Do you really want to delete the draft?");
    await page.click("#confirm-yes");
    await agentSays("Confirmed: going ahead.").waitFor();
    await page.reload();
    await agentSays("Confirmed: going ahead.").waitFor();
    expect(await page.locator('#events li[data-kind="ObservationEvent"][data-tool="confirm_action"]').count()).toBe(1);
    expect(await page.locator("#confirm:not([hidden])").count()).toBe(0);
  });

  it("4. keeps the conversation and its client tools across a server restart", async () => {
    await stopServer();
    await startServer();
    await page.reload();
    await page.locator("#status", { hasText: "connected" }).waitFor();
    await agentSays("You are in Lyon.").waitFor();
    const restored = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem("owner")}` };
      const response = await fetch(`/api/conversations/${localStorage.getItem("conversation")}`, { headers });
      return ((await response.json()) as { client_tools: { name: string }[] }).client_tools
        .map((tool) => tool.name)
        .sort();
    });
    expect(restored).toEqual(["confirm_action", "get_location", "open_file_viewer", "set_layout"]);
    await say("grid layout please");
    await page.waitForFunction(() => document.body.classList.contains("layout-grid"));
    await say("where am I?");
    expect(await agentSays("You are in Lyon.").count()).toBeGreaterThanOrEqual(1);
    await page.locator("#events li.agent", { hasText: "You are in Lyon." }).nth(1).waitFor();
  });

  it("5. refuses an invalid result with 422 and keeps the call open for a corrected one", async () => {
    await page.evaluate(() => {
      (
        globalThis as unknown as { canvasTestHooks: { holdAwaited: boolean; pending: unknown[] } }
      ).canvasTestHooks.holdAwaited = true;
      (globalThis as unknown as { canvasTestHooks: { pending: unknown[] } }).canvasTestHooks.pending.length = 0;
    });
    await say("where am I?");
    const request = await page.waitForFunction(() => {
      const hooks = (
        globalThis as unknown as {
          canvasTestHooks: { pending: { toolName: string; requestId: string; attempt: number }[] };
        }
      ).canvasTestHooks;
      return hooks.pending.find((r) => r.toolName === "get_location");
    });
    const { requestId, attempt } = (await request.jsonValue()) as { requestId: string; attempt: number };
    const answer = (result: object) =>
      page.evaluate(
        ({ id, body }) =>
          (
            globalThis as unknown as { canvasTestHooks: { postAnswer(id: string, body: object): Promise<number> } }
          ).canvasTestHooks.postAnswer(id, body),
        { id: requestId, body: { attempt, result } },
      );
    expect(await answer({ town: "Paris" })).toBe(422);
    const open = await page.evaluate(async () => {
      const owner = localStorage.getItem("owner");
      const response = await fetch("/client-tools", { headers: { authorization: `Bearer ${owner}` } });
      return ((await response.json()) as { requests: { requestId: string }[] }).requests.map((r) => r.requestId);
    });
    expect(open).toContain(requestId);
    expect(await answer({ city: "Paris" })).toBe(200);
    await agentSays("You are in Paris.").waitFor();
    expect(await answer({ city: "Berlin" })).toBe(409);
  });

  it("6. connects an account with a token typed in a password field: the token reaches the server's handler and nowhere else", async () => {
    const canary = `canary-${randomUUID()}`;
    // The page runs its requests again (the previous test held them).
    await page.evaluate(
      () =>
        void ((globalThis as unknown as { canvasTestHooks: { holdAwaited: boolean } }).canvasTestHooks.holdAwaited =
          false),
    );
    await say("connect github");
    await page.locator("#secret:not([hidden])").waitFor();
    expect(await page.textContent("#secret-label")).toBe("Access token for github");
    await page.fill("#secret-value", canary);
    await page.click("#secret-submit");
    await agentSays("Your account is connected.").waitFor();

    // The server's handler has it: the page may learn its digest, never the token.
    const read = (route: string) =>
      page.evaluate(async (at) => {
        const response = await fetch(at, { headers: { authorization: `Bearer ${localStorage.getItem("owner")}` } });
        return response.text();
      }, route);
    const accounts = JSON.parse(await read("/api/accounts")) as { accounts: unknown[] };
    expect(accounts.accounts).toEqual([
      { service: "github", tokenSha256: createHash("sha256").update(canary).digest("hex") },
    ]);

    // Nowhere else: the page's transcript, the conversation's events and messages on disk, the
    // server's log, the WebSocket's frames, the open calls' routes, and Redis.
    const sinks: Record<string, string> = {
      transcript: await page.evaluate(
        () =>
          document.documentElement.outerHTML +
          // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, as rendered
          document.body.innerText +
          document.querySelector<HTMLInputElement>("#secret-value")!.value,
      ),
      conversation: await page.evaluate(async () => {
        const response = await fetch(`/api/conversations/${localStorage.getItem("conversation")}`, {
          headers: { authorization: `Bearer ${localStorage.getItem("owner")}` },
        });
        return response.text();
      }),
      pending: await read("/client-tools"),
      frames: frames.join("\n"),
      log: serverLog,
      data: readdirSync(dataDir, { recursive: true, encoding: "utf8" })
        .map((file) => path.join(dataDir, file))
        .filter((file) => statSync(file).isFile())
        .map((file) => readFileSync(file, "utf8"))
        .join("\n"),
    };
    expect(sinks["conversation"]).toContain("connect_account");
    expect(sinks["frames"]).toContain('"privateInput":true');
    if (redis !== undefined) {
      const client = createClient({ url: `redis://127.0.0.1:${redis.port}` });
      await client.connect();
      try {
        const keys = await client.keys("*");
        expect(keys.length).toBeGreaterThan(0);
        const values: string[] = [];
        for (const key of keys) values.push(key, String(await client.sendCommand(["DUMP", key])));
        await client.sendCommand(["SAVE"]);
        sinks["redis"] = values.join("\n") + readFileSync(path.join(redis.dir, "dump.rdb"), "latin1");
        expect(sinks["redis"]).toContain("connect_account");
      } finally {
        await client.close();
      }
    }
    for (const [sink, text] of Object.entries(sinks))
      expect(text.includes(canary), `the token is in the ${sink}`).toBe(false);
  });
});
