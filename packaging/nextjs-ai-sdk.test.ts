import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, launchChromium } from "../test-support/browser.js";
import { freePort } from "../test-support/free-port.js";
import { packPackages, sh } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// examples/nextjs-ai-sdk as a user runs it: copied into a fresh folder, the packed packages and
// its dependencies installed, `next build` at its defaults, `next start`, and the chat driven in
// Chromium: a fire-and-forget tool, an awaited one, and arguments the schema refuses, whose
// reason reaches the model.
const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../examples/nextjs-ai-sdk");

describe.skipIf(!haveChromium())("examples/nextjs-ai-sdk, built with next build and driven in Chromium", () => {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    server?.kill();
    await browser?.close();
    removeTempProjects();
  });

  it("streams a turn that calls a fire-and-forget tool, one that calls an awaited tool, and one whose refused arguments the model hears about", async () => {
    const { tarball, runtimeTarball } = packPackages();
    const project = tempProject({});
    cpSync(example, project, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|\.next)([\\/]|$)/.test(source),
    });
    // The two packages from their tarballs, as they are not on the registry yet.
    const manifestFile = path.join(project, "package.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    manifest.dependencies["@gen-client-tools/runtime"] = `file:${runtimeTarball}`;
    manifest.devDependencies["gen-client-tools"] = `file:${tarball}`;
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    const install = sh(project, "npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], 400_000);
    expect(install.status, install.stderr).toBe(0);
    const check = sh(project, "npx", ["--no", "--", "gen-client-tools", "--check"]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const doctor = sh(project, "npx", ["--no", "--", "gen-client-tools", "doctor"]);
    expect(doctor.stdout).toContain("gen-client-tools doctor: no problems");
    const build = sh(project, "npx", ["--no", "--", "next", "build"], 400_000);
    expect(build.status, build.stdout + build.stderr).toBe(0);

    const port = await freePort();
    server = spawn(
      process.execPath,
      [path.join(project, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
      { cwd: project, stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on("data", (chunk: Buffer) => /Ready/i.test(chunk.toString()) && resolve());
      server!.on("exit", (code) => reject(new Error(`next start exited with ${code}`)));
    });

    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`http://127.0.0.1:${port}/`);
    const said = (text: string) =>
      page.waitForFunction(
        (expected) =>
          Array.from(document.querySelectorAll("#messages li.assistant")).some((li) =>
            li.textContent?.includes(expected),
          ),
        text,
      );

    await send(page, "show a toast");
    await said("Done.");
    expect(await page.locator("#toasts li").allTextContents()).toEqual(["Saved."]);

    await send(page, "pick a colour");
    await page.click('#question button[data-colour="teal"]');
    await said("You picked teal.");

    await send(page, "a wrong colour");
    await said("That did not work:");
    const refused = (await page.locator("#messages li.assistant").allTextContents()).at(-1)!;
    expect(refused).toMatch(/^That did not work: The arguments of "pick_colour" do not match its schema: \/colours/);
    expect(refused).not.toContain("An error occurred.");
    expect(errors).toEqual([]);
  }, 900_000);
});

async function send(page: Page, text: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector("#status")?.textContent === "ready");
  await page.fill("#message", text);
  await page.click('#composer button[type="submit"]');
}
