import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, launchChromium } from "../../../test-support/browser.js";

// useClientToolCallStates in Chromium, with React 19: a source pushes AG-UI events for a
// show_chart call, and the page commits a state for each step of its arguments.
const CHART = {
  title: "Visitors",
  kind: "line",
  points: [
    { label: "Jan", value: 3 },
    { label: "Feb", value: 4.5 },
  ],
};

function events() {
  const json = JSON.stringify(CHART);
  const deltas = Array.from({ length: Math.ceil(json.length / 6) }, (_, i) => ({
    type: "TOOL_CALL_ARGS",
    toolCallId: "c1",
    delta: json.slice(i * 6, (i + 1) * 6),
  }));
  return [
    { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "show_chart" },
    { type: "TEXT_MESSAGE_CONTENT", delta: "not a call" },
    ...deltas,
    { type: "TOOL_CALL_END", toolCallId: "c1" },
    { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "show_toast" },
    { type: "TOOL_CALL_RESULT", toolCallId: "c1", content: "Tool call dispatched to client." },
  ];
}

describe.skipIf(!haveChromium())("useClientToolCallStates in a real browser", () => {
  let browser: Browser;
  let code: string;

  beforeAll(async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("./__fixtures__/pushed-cards.tsx", import.meta.url))],
      bundle: true,
      platform: "browser",
      format: "iife",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      write: false,
      logLevel: "silent",
    });
    code = result.outputFiles[0]!.text;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("draws each call's latest state as events arrive, in the order the calls began, and stops listening once unmounted", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.setContent('<div id="root"></div>');
    await page.addScriptTag({ content: code });
    // React commits the first render, and subscribes, after the script has run.
    await page.waitForFunction(() => window.listening() === 1);
    await page.evaluate((list) => window.play(list, 15), events());
    await page.locator("li", { hasText: "show_toast input-streaming" }).waitFor();
    expect(await page.locator("li").allTextContents()).toEqual([
      `output-available ${JSON.stringify(CHART)}`,
      "show_toast input-streaming",
    ]);

    const drawn = (await page.evaluate(() => window.drawn)).map(
      (state) => JSON.parse(state) as { status: string; args: { kind?: string } | null },
    );
    const partial = drawn.filter((state) => state.status === "input-streaming" && state.args !== null);
    expect(partial.length, `partial states drawn: ${drawn.length} states in all`).toBeGreaterThanOrEqual(2);
    for (const state of partial) expect([undefined, "line"]).toContain(state.args?.kind);
    expect(drawn.map((state) => state.status).filter((status, i, all) => status !== all[i - 1])).toEqual([
      "input-streaming",
      "input-available",
      "output-available",
    ]);

    await page.evaluate(() => window.unmount());
    expect(await page.evaluate(() => window.listening()), "unmounted, it no longer listens").toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
