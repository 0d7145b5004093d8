import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { type FolderWatch, watchFolders } from "./watch-folders.js";

const watches: FolderWatch[] = [];
afterEach(async () => {
  for (const watch of watches.splice(0)) await watch.close();
  removeTempProjects();
});

/** Watches `dir` recursively and records every path reported; `seen(file)` waits (bounded) until that path is. */
async function record(dir: string) {
  const reported: string[] = [];
  const waiters: { file: string; resolve: () => void }[] = [];
  const errors: Error[] = [];
  watches.push(
    await watchFolders(
      [{ dir, recursive: true }],
      (file) => {
        reported.push(file);
        for (const waiter of waiters.filter((w) => reported.includes(w.file))) waiter.resolve();
      },
      (error) => errors.push(error),
    ),
  );
  return {
    reported,
    errors,
    seen: (file: string): Promise<void> =>
      new Promise((resolve, reject) => {
        if (reported.includes(file)) return resolve();
        waiters.push({ file, resolve });
        setTimeout(
          () => reject(new Error(`${file} was not reported; reported: ${reported.join(", ")}`)),
          10_000,
        ).unref();
      }),
    forget: () => void reported.splice(0),
  };
}

describe("watchFolders", () => {
  it("reports files added, changed, replaced by a rename and removed, in subfolders too, and never hidden files", async () => {
    const dir = path.join(tempProject({ "specs/a.json": "{}" }), "specs");
    const watch = await record(dir);
    writeFileSync(path.join(dir, "a.json"), '{"v":1}');
    await watch.seen(path.join(dir, "a.json"));
    mkdirSync(path.join(dir, "shared"));
    writeFileSync(path.join(dir, "shared/p.json"), "{}");
    await watch.seen(path.join(dir, "shared/p.json"));
    // What vim and JetBrains do: write beside, rename over. chokidar reports one change of a
    // file per 50 ms (the quiet period before a run is longer), so this one comes later.
    await new Promise((resolve) => setTimeout(resolve, 60));
    watch.forget();
    writeFileSync(path.join(dir, ".a.json.swp"), '{"v":2}');
    renameSync(path.join(dir, ".a.json.swp"), path.join(dir, "a.json"));
    await watch.seen(path.join(dir, "a.json"));
    watch.forget();
    // Beside the folder, and in a node_modules inside it: not watched, so written before the removal reported after.
    writeFileSync(path.join(dir, "../beside.json"), "{}");
    mkdirSync(path.join(dir, "node_modules"));
    writeFileSync(path.join(dir, "node_modules/x.json"), "{}");
    rmSync(path.join(dir, "a.json"));
    await watch.seen(path.join(dir, "a.json"));
    expect(new Set(watch.reported)).toEqual(new Set([path.join(dir, "a.json")]));
    expect(watch.reported.filter((file) => path.basename(file).startsWith("."))).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it("waits for a folder that does not exist yet, and follows it when it is removed and made again", async () => {
    const dir = path.join(tempProject({}), "specs");
    const watch = await record(dir);
    // The folder itself is reported (a run then reads all of it), and later changes in it.
    mkdirSync(dir);
    writeFileSync(path.join(dir, "a.json"), "{}");
    await watch.seen(dir);
    writeFileSync(path.join(dir, "a.json"), '{"v":1}');
    await watch.seen(path.join(dir, "a.json"));
    rmSync(dir, { recursive: true });
    await watch.seen(dir);
    watch.forget();
    mkdirSync(dir);
    writeFileSync(path.join(dir, "b.json"), "{}");
    await watch.seen(path.join(dir, "b.json"));
    await new Promise((resolve) => setTimeout(resolve, 60));
    writeFileSync(path.join(dir, "b.json"), '{"v":1}');
    watch.forget();
    await watch.seen(path.join(dir, "b.json"));
  });
});
