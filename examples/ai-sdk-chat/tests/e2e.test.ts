import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, launchChromium } from "../../../test-support/browser.js";

// The AI SDK chat in Debian's Chromium: React's useChat, the generated handlers through the
// AI SDK adapter, and the server's streamText with the scripted model, over a real socket.
const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe.skipIf(!haveChromium())("AI SDK chat in a real browser", () => {
  let server: ChildProcess;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(example, "build.js")], { stdio: "inherit" });
    server = spawn(process.execPath, [path.join(example, ".build/server.js")], { env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "inherit"] });
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      server.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /AI SDK chat on (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      server.on("exit", (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
    });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url);
    await page.locator("#status", { hasText: "ready" }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill("SIGTERM");
  });

  async function say(text: string): Promise<void> {
    await page.fill("#message", text);
    await page.click("#composer button");
  }

  it("runs an awaited client tool: the page asks, the user answers, the model gets the result", async () => {
    await say("Pick a colour for the theme");
    const question = page.locator("#question");
    await question.getByText("Which colour should the theme use?").waitFor();
    expect(await question.locator("button").allTextContents()).toEqual(["teal", "coral", "plum"]);
    await question.locator('button[data-colour="coral"]').click();
    await page.locator("#messages li.assistant", { hasText: "You picked coral." }).waitFor();
    await expect(page.locator("#messages li.tool").last().textContent()).resolves.toBe('pick_colour: {"colour":"coral"}');
    expect(await question.count()).toBe(0);
  });

  it("runs a fire-and-forget client tool: the toast shows, and the model gets the acknowledgement", async () => {
    await say("show a toast");
    await page.locator("#toasts li", { hasText: "Saved." }).waitFor();
    await page.locator("#messages li.tool", { hasText: 'show_toast: "Tool call dispatched to client."' }).waitFor();
    await page.locator("#messages li.assistant", { hasText: "Done." }).waitFor();
    expect(errors).toEqual([]);
  });
});
