import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const script = path.join(root, "scripts/generate-examples.js");
const MANIFEST = "basic/src/client-tools.gen/gen-client-tools.manifest.json";

let copy: string | undefined;
afterEach(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

/** A copy of examples/basic, checked by the script as `npm run check:examples` checks the committed examples. */
function check(change?: (manifest: string) => string) {
  copy = mkdtempSync(path.join(tmpdir(), "gct-examples-"));
  cpSync(path.join(root, "examples/basic"), path.join(copy, "basic"), {
    recursive: true,
    filter: (source) => !source.includes("node_modules"),
  });
  const manifest = path.join(copy, MANIFEST);
  if (change !== undefined) writeFileSync(manifest, change(readFileSync(manifest, "utf8")));
  return spawnSync(process.execPath, [script, "--check", copy], { encoding: "utf8" });
}

describe("npm run check:examples", () => {
  it("passes on the committed example as it is", () => {
    const run = check();
    expect(run.stdout).toContain("examples/basic: 7 tools, up to date");
    expect(run.status).toBe(0);
  });

  it("fails on a manifest written by other generator code, though the files it describes are the same", () => {
    const run = check((text) => text.replace(/"generatorCode": "[0-9a-f]+"/, `"generatorCode": "${"0".repeat(64)}"`));
    expect(run.stdout).toContain("gen-client-tools.manifest.json (written by other generator code)");
    expect(run.stderr).toContain("generated examples are out of date: run npm run generate:examples");
    expect(run.status).toBe(1);
  });
});
