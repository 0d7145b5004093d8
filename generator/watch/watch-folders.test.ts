import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { watchFolders } from "./watch-folders.js";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  removeTempProjects();
});

/** Watches `dir` recursively and records every path reported; `seen(file)` waits (bounded) until that path is. */
function record(dir: string, poll: boolean) {
  const reported = new Set<string>();
  const waiters: { file: string; resolve: () => void }[] = [];
  stops.push(
    watchFolders([{ dir, recursive: true }], (file) => {
      reported.add(file);
      for (const waiter of waiters.filter((w) => reported.has(w.file))) waiter.resolve();
    }, { poll, intervalMs: 50 }),
  );
  return {
    seen: (file: string): Promise<void> =>
      new Promise((resolve, reject) => {
        if (reported.has(file)) return resolve();
        waiters.push({ file, resolve });
        setTimeout(() => reject(new Error(`${file} was not reported; reported: ${[...reported].join(", ")}`)), 10_000).unref();
      }),
    forget: () => reported.clear(),
  };
}

describe.each([
  ["fs.watch", false],
  ["polling", true],
])("watchFolders (%s)", (_mode, poll) => {
  it("reports files added, changed and removed, in subfolders too", async () => {
    const dir = path.join(tempProject({ "specs/a.json": "{}" }), "specs");
    const watch = record(dir, poll);
    writeFileSync(path.join(dir, "a.json"), '{"v":1}');
    await watch.seen(path.join(dir, "a.json"));
    mkdirSync(path.join(dir, "shared"));
    writeFileSync(path.join(dir, "shared/p.json"), "{}");
    await watch.seen(path.join(dir, "shared/p.json"));
    watch.forget();
    rmSync(path.join(dir, "a.json"));
    await watch.seen(path.join(dir, "a.json"));
  });
});

describe("watchFolders when the watched folder is replaced", () => {
  it("keeps reporting changes in the new folder (fs.watch falls back to polling)", async () => {
    const dir = path.join(tempProject({ "specs/a.json": "{}" }), "specs");
    const watch = record(dir, false);
    writeFileSync(path.join(dir, "a.json"), '{"v":1}');
    await watch.seen(path.join(dir, "a.json"));
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    writeFileSync(path.join(dir, "b.json"), "{}");
    // Node's Linux watcher rescans for a moment after an event and may catch the next file by
    // chance; past that, its watch on the old folder stays silent. That is the case to test.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(path.join(dir, "c.json"), "{}");
    await watch.seen(path.join(dir, "c.json"));
  });
});
