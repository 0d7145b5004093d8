import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveWalkthrough } from "../examples/walkthrough/tests/drive.js";
import { haveChromium, launchChromium } from "../test-support/browser.js";
import { freePort } from "../test-support/free-port.js";
import { packPackages, sh } from "../test-support/packed-packages.js";
import { removeTempProjects, tempProject } from "../test-support/temp-project.js";

// The README's walkthrough as a newcomer follows it: a fresh project, the two packed packages
// installed, `gen-client-tools init`, the README's second tool, a run, the README's handlers,
// server and page as written (the page's own UI and bundling from examples/walkthrough), strict
// tsc, then the server started and the page driven in Chromium.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(path.join(repo, "README.md"), "utf8");
const example = path.join(repo, "examples/walkthrough");

/** The README's ts block that starts with `// <name>`. */
function block(name: string): string {
  const match = new RegExp(`\`\`\`ts\n(// ${name.replace(".", "\\.")}\n[\\s\\S]*?)\`\`\``).exec(readme);
  if (match === null) throw new Error(`README has no ts block starting with // ${name}`);
  return match[1]!;
}

describe.skipIf(!haveChromium())("the README's walkthrough, from the packed packages", () => {
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

  it("installs, inits, generates, compiles under strict settings, and runs: a fire-and-forget call and an awaited one that completes, each handler once", async () => {
    const { tarball, runtimeTarball } = packPackages();
    const project = tempProject({
      "package.json": { name: "walkthrough", private: true, type: "module" },
      "tsconfig.json": {
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          lib: ["ES2022", "DOM"],
          types: ["node"],
          noEmit: true,
        },
        include: ["src"],
      },
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
    writeFileSync(
      path.join(project, "client-tools/get_location.json"),
      /```json\n(\{ "name": "get_location"[^\n]*)\n```/.exec(readme)![1]!,
    );
    const generate = sh(project, "npx", ["--no", "--", "gen-client-tools"]);
    expect(generate.status, generate.stderr).toBe(0);
    expect(readFileSync(path.join(project, "src/client-tool-handlers.ts"), "utf8")).toContain("get_location");
    // The user's part: the handlers filled in, the server and the page, as the README has them.
    writeFileSync(path.join(project, "src/client-tool-handlers.ts"), block("client-tool-handlers.ts"));
    writeFileSync(path.join(project, "src/server.ts"), block("server.ts"));
    writeFileSync(path.join(project, "src/page.ts"), block("page.ts"));
    for (const file of ["src/page-ui.ts", "src/index.html", "build.js"])
      copyFileSync(path.join(example, file), path.join(project, file));
    const tsc = sh(project, "npx", ["--no", "--", "tsc", "-p", "."]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    // The doctor finds the project as the README leaves it in order.
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
  }, 400_000);
});
