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

/** What each of two tabs of one user showed after tab A answered the city both were asked. */
export interface TwoTabsRun {
  readonly logs: readonly (readonly string[])[];
  /** Whether each tab's city question was still shown at the end. */
  readonly asking: readonly boolean[];
  readonly model: unknown;
  readonly errors: readonly string[];
}

/**
 * The walkthrough in two tabs of one browser session: the model's awaited call reaches both, tab A answers, and tab B's
 * question must go (the call ended without it, and its handler's signal fired).
 */
export async function driveTwoTabs(browser: Browser, origin: string, city: string): Promise<TwoTabsRun> {
  const context = await browser.newContext();
  const tabs = [await context.newPage(), await context.newPage()];
  const errors: string[] = [];
  for (const tab of tabs) {
    tab.on("pageerror", (error) => errors.push(String(error)));
    await tab.goto(`${origin}/login?user=alice`);
    await tab.waitForLoadState("load");
  }
  await tabs[0]!.waitForTimeout(300);
  await tabs[0]!.click("#run");
  for (const tab of tabs) await tab.waitForSelector("#city:not([hidden])");
  await tabs[0]!.fill("#city input", city);
  await tabs[0]!.click("#city button");
  await tabs[0]!.waitForFunction(() => document.querySelector("#model")!.textContent !== "");
  await tabs[1]!.waitForSelector("#city", { state: "hidden", timeout: 5000 }).catch(() => undefined);
  await tabs[0]!.waitForTimeout(300);
  const run = {
    logs: await Promise.all(tabs.map((tab) => tab.locator("#log li").allTextContents())),
    asking: await Promise.all(tabs.map((tab) => tab.isVisible("#city"))),
    model: JSON.parse((await tabs[0]!.textContent("#model"))!) as unknown,
    errors,
  };
  await context.close();
  return run;
}
