import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveTwoTabs, driveWalkthrough } from "../examples/walkthrough/tests/drive.js";
import { haveChromium, launchChromium } from "../test-support/browser.js";
import { freePort } from "../test-support/free-port.js";
import { packPackages, sh } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// docs/getting-started.md as a newcomer follows it: a fresh project, the two packed packages
// installed, `gen-client-tools init`, the page's second tool, a run, then every file as the page
// has it (handlers, the page's UI, server, page, index.html, build.js, tsconfig), strict tsc,
// the build, and the server started and the page driven in Chromium, in one tab and in two.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const guide = readFileSync(path.join(repo, "docs/getting-started.md"), "utf8");

/** The page's block in `language` that starts with `first`. */
function block(language: string, first: string): string {
  const escaped = first.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`\`\`\`${language}\n(${escaped}[\\s\\S]*?)\`\`\``).exec(guide);
  if (match === null) throw new Error(`docs/getting-started.md has no ${language} block starting with ${first}`);
  return match[1]!;
}

describe.skipIf(!haveChromium())("docs/getting-started.md, from the packed packages", () => {
  let browser: Browser | undefined;
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    server?.kill();
    await browser?.close();
    removeTempProjects();
  });

  it("installs, inits, generates, compiles under strict settings, and runs: a fire-and-forget call and an awaited one that completes, each handler once, in one tab and in two", async () => {
    const { tarball, runtimeTarball } = packPackages();
    const project = tempProject({
      "package.json": { name: "walkthrough", private: true, type: "module" },
      "tsconfig.json": block("json", '{\n  "compilerOptions"'),
    });
    const install = sh(
      project,
      "npm",
      ["install", runtimeTarball, "--save", "--prefer-offline", "--no-audit", "--no-fund"],
      200_000,
    );
    expect(install.status, install.stderr).toBe(0);
    const tools = sh(
      project,
      "npm",
      [
        "install",
        tarball,
        "typescript@7.0.2",
        "@types/node@20.19.43",
        "esbuild@0.28.2",
        "--save-dev",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
      ],
      200_000,
    );
    expect(tools.status, tools.stderr).toBe(0);
    expect(sh(project, "npx", ["--no", "--", "gen-client-tools", "init"]).status).toBe(0);
    writeFileSync(path.join(project, "client-tools/get_location.json"), block("json", '{ "name": "get_location"'));
    const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
    expect(generate.status, generate.stderr).toBe(0);
    expect(readFileSync(path.join(project, "src/client-tool-handlers.ts"), "utf8")).toContain("get_location");
    // The user's part, every file as the page has it.
    for (const file of ["client-tool-handlers.ts", "page-ui.ts", "server.ts", "page.ts"])
      writeFileSync(path.join(project, "src", file), block("ts", `// ${file}`));
    writeFileSync(path.join(project, "src/index.html"), block("html", "<!doctype html>"));
    writeFileSync(path.join(project, "build.js"), block("js", "// Bundles the walkthrough"));
    const tsc = sh(project, "npx", ["--no", "--", "tsc", "-p", "."]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    // The doctor finds the project as the page leaves it in order.
    const doctor = sh(project, "npx", ["--no", "--", "gen-client-tools", "doctor"]);
    expect(doctor.stdout, doctor.stdout).toContain("gen-client-tools doctor: no problems");
    expect(sh(project, process.execPath, ["build.js"]).status).toBe(0);

    const port = await freePort();
    server = spawn(process.execPath, [path.join(project, ".build/server.js")], {
      cwd: project,
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("/login?user=") && resolve());
      server!.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const origin = `http://127.0.0.1:${port}`;
    expect((await fetch(`${origin}/client-tools/events`)).status).toBe(401);

    const run = await driveWalkthrough(browser!, origin, "Nantes");
    expect(run.log).toEqual(["showing README.md at line 3", "answered Nantes"]);
    expect(run.model).toMatchObject({
      shown: { content: [{ type: "text", text: "Tool call dispatched to client." }] },
      located: { content: [{ type: "text", text: '{"city":"Nantes"}' }] },
    });
    expect(run.errors).toEqual([]);
    // Two tabs: the one that did not answer has its question taken away.
    const tabs = await driveTwoTabs(browser!, origin, "Brest");
    expect(tabs.logs[1]).toEqual(["showing README.md at line 3", "the city was asked and answered elsewhere"]);
    expect(tabs.asking).toEqual([false, false]);
  }, 400_000);

  it("runs the README's three commands in an npm init -y folder: the packages, init --example walkthrough, npm run dev", async () => {
    const { tarball, runtimeTarball } = packPackages();
    const readme = readFileSync(path.join(repo, "README.md"), "utf8");
    const commands =
      /```sh\n(npm install [^\n]*\nnpx gen-client-tools init --example walkthrough[^\n]*\nnpm run dev[^\n]*)\n```/
        .exec(readme)![1]!
        .split("\n")
        .map((line) =>
          line
            .replace(/\s+#.*$/, "")
            .replace("../gen-client-tools/gen-client-tools-runtime-0.1.0.tgz", runtimeTarball)
            .replace("../gen-client-tools/gen-client-tools-0.1.0.tgz", tarball)
            .replace(/ esbuild$/, " esbuild@0.28.2"),
        );
    const project = tempProject({ "package.json": { name: "app", version: "1.0.0", type: "commonjs" } });
    for (const line of commands.slice(0, 2)) {
      const run = sh(project, "sh", ["-c", line], 300_000);
      expect(run.status, `${line}\n${run.stdout}${run.stderr}`).toBe(0);
    }
    const port = await freePort();
    const dev = spawn("sh", ["-c", commands[2]!], {
      cwd: project,
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        dev.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("/login?user=") && resolve());
        dev.on("exit", (code) => reject(new Error(`npm run dev exited with ${code}`)));
      });
      const run = await driveWalkthrough(browser!, `http://127.0.0.1:${port}`, "Lille");
      expect(run.log).toEqual(["showing README.md at line 3", "answered Lille"]);
      expect(run.errors).toEqual([]);
    } finally {
      process.kill(-dev.pid!, "SIGKILL");
    }
  }, 400_000);
});
