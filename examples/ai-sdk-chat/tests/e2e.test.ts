import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, launchChromium } from "../../../test-support/browser.js";
import { SALES_CHART } from "../src/server/scripted-model.js";

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
    server = spawn(process.execPath, [path.join(example, ".build/server.js")], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
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
    await expect(page.locator("#messages li.tool").last().textContent()).resolves.toBe(
      'pick_colour: {"colour":"coral"}',
    );
    expect(await question.count()).toBe(0);
  });

  it("runs a fire-and-forget client tool: the toast shows, and the model gets the acknowledgement", async () => {
    await say("show a toast");
    await page.locator("#toasts li", { hasText: "Saved." }).waitFor();
    await page.locator("#messages li.tool", { hasText: "show_toast: sent to the page" }).waitFor();
    await page.locator("#messages li.assistant", { hasText: "Done." }).waitFor();
    expect(errors).toEqual([]);
  });

  it("draws the chart card while its arguments stream in, final parts never changing, and ends on the handler's arguments", async () => {
    // Every state the card is drawn in, as the DOM shows it, from the first one on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { chartStates: string[] }).chartStates = seen;
      const record = () => {
        for (const card of Array.from(document.querySelectorAll<HTMLElement>("figure.chart"))) {
          const state = JSON.stringify({
            status: card.dataset["status"],
            args: JSON.parse(card.dataset["args"]!),
            final: JSON.parse(card.dataset["final"]!),
          });
          if (seen.at(-1) !== state) seen.push(state);
        }
      };
      new MutationObserver(record).observe(document.getElementById("messages")!, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    await say("draw a chart of the weekly sales");
    await page.locator("#messages li.assistant", { hasText: "Done." }).last().waitFor();
    const kept = JSON.parse((await page.locator("#kept-charts li").last().textContent())!) as unknown;
    expect(kept).toEqual(SALES_CHART);

    type Drawn = { status: string; args: { kind?: string; points?: unknown[] } | null; final: string[] };
    const states = (
      (await page.evaluate(() => (window as unknown as { chartStates: string[] }).chartStates)) as string[]
    ).map((s) => JSON.parse(s) as Drawn);
    const streaming = states.filter((state) => state.status === "input-streaming" && state.args !== null);
    expect(
      streaming.length,
      `drawn in at least two partial states: ${states.length} states in all`,
    ).toBeGreaterThanOrEqual(2);
    expect(
      states.findIndex((state) => state.status !== "input-streaming"),
      "the partial states come first",
    ).toBeGreaterThan(states.indexOf(streaming[1]!));
    const last = states.at(-1)!;
    expect(last.status).toBe("output-available");
    expect(last.args, "the card's last state holds the handler's arguments").toEqual(kept);
    for (const state of streaming) {
      expect([undefined, "bar"], "kind comes from a list: never a prefix of one").toContain(state.args?.kind);
      for (const pointer of state.final)
        expect(partAt(state.args, pointer), `${pointer} was final, so it cannot change`).toEqual(partAt(kept, pointer));
    }
    expect(
      streaming.some((state) => !state.final.includes("/points")),
      "some state showed the points still streaming",
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});

function partAt(value: unknown, pointer: string): unknown {
  let part = value;
  for (const token of pointer.slice(1).split("/")) part = (part as Record<string, unknown> | undefined)?.[token];
  return part;
}
