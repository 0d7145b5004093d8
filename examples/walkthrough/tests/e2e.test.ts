import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, launchChromium } from "../../../test-support/browser.js";
import { freePort } from "../../../test-support/free-port.js";
import { driveTwoTabs, driveWalkthrough } from "./drive.js";

// docs/getting-started.md as it is written (its files are this example's), in Debian's Chromium:
// the browser logs in (a cookie), the model calls a fire-and-forget tool and an awaited one, and
// each handler runs once; in two tabs, the one that did not answer has its question taken away.
const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe.skipIf(!haveChromium())("the walkthrough in a real browser", () => {
  let server: ChildProcess;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(example, "build.js")], { stdio: "inherit" });
    const port = await freePort();
    server = spawn(process.execPath, [path.join(example, ".build/server.js")], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("/login?user=") && resolve());
      server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    origin = `http://127.0.0.1:${port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  it("refuses the client tool routes to a browser that has not logged in (401)", async () => {
    expect((await fetch(`${origin}/client-tools`)).status).toBe(401);
    expect((await fetch(`${origin}/client-tools/events`)).status).toBe(401);
  });

  it("runs a fire-and-forget call and an awaited one that completes, each handler once, the model seeing the acknowledgement and the answer", async () => {
    const run = await driveWalkthrough(browser, origin, "Nantes");
    expect(run.log).toEqual(["showing README.md at line 3", "answered Nantes"]);
    expect(run.model).toMatchObject({
      shown: { content: [{ type: "text", text: "Tool call dispatched to client." }], is_error: false },
      located: { content: [{ type: "text", text: '{"city":"Nantes"}' }], is_error: false },
    });
    // Nothing else ran: no refused dispatch, no error.
    expect(run.errors).toEqual([]);
  }, 30_000);

  it("takes the question away in a second tab once the first answered: its handler's signal fires, nothing is sent from it", async () => {
    const run = await driveTwoTabs(browser, origin, "Nantes");
    expect(run.logs).toEqual([
      ["showing README.md at line 3", "answered Nantes"],
      ["showing README.md at line 3", "the city was asked and answered elsewhere"],
    ]);
    expect(run.asking).toEqual([false, false]);
    expect(run.model).toMatchObject({ located: { content: [{ type: "text", text: '{"city":"Nantes"}' }] } });
    expect(run.errors).toEqual([]);
  }, 30_000);
});
