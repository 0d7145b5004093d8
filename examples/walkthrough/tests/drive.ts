import type { Browser } from "playwright-core";

/** What the walkthrough's page showed: its log, what the model saw, and any error in the page. */
export interface WalkthroughRun {
  readonly log: readonly string[];
  readonly model: unknown;
  readonly errors: readonly string[];
}

/**
 * The walkthrough as a user goes through it, in a page of `browser`: log in at `origin`, let the
 * model call both tools, answer the city asked for, and read what the page then shows.
 */
export async function driveWalkthrough(browser: Browser, origin: string, city: string): Promise<WalkthroughRun> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(`${origin}/login?user=alice`);
  // The page's event streams open (their headers are flushed at once) before the model calls anything.
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  await page.click("#run");
  await page.waitForSelector("#city:not([hidden])");
  await page.fill("#city input", city);
  await page.click("#city button");
  await page.waitForFunction(() => document.querySelector("#model")!.textContent !== "");
  // Time for a second run of a handler, were there one.
  await page.waitForTimeout(300);
  const run = {
    log: await page.locator("#log li").allTextContents(),
    model: JSON.parse((await page.textContent("#model"))!) as unknown,
    errors,
  };
  await page.close();
  return run;
}
