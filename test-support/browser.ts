import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, which .ci/run installs. */
export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser tests can run; on CI a missing Chromium is an error, not a skip. */
export function haveChromium(): boolean {
  const found = existsSync(CHROMIUM);
  if (!found && process.env["CI"]) throw new Error(`${CHROMIUM} is missing: .ci/run installs the chromium package`);
  return found;
}

/** Headless Chromium with the flags this machine's closed network needs (no background connections). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
