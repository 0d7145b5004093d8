import { createGenerationCache } from "../cache/generation-cache.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { relativePath } from "../relative-path.js";
import { runGeneration } from "../run-generation.js";
import { QUIET_MS, serialDebounce } from "../watch/debounce.js";
import { affectsSpecs, watchPlan } from "../watch/spec-roots.js";
import { watchFolders } from "../watch/watch-folders.js";
import { watchedChanges } from "../watch/watched-changes.js";
import { writeGenerated } from "../write-generated.js";
import { reportCrash, reportProblems, reportWarnings, reportWritten } from "./report.js";

/**
 * `--watch`: generates, then again whenever a spec file, or a schema file under a spec folder,
 * is added, changed or removed. A run with problems prints them and writes nothing, so the
 * last good output stays until a save fixes them. Runs only rewrite the files whose contents
 * change (see writeFiles), each run redoes only the changed files' tools (see GenerationCache),
 * and `--validators` compiles only the tools its cache lacks.
 * SIGINT (Ctrl-C) or SIGTERM ends it with exit code 0 once the run in progress has finished:
 * writes are synchronous and atomic, so no temporary file is left behind.
 */
export async function watchCommand(
  options: GenerateOptions & { readonly cwd: string },
  quiet: boolean,
): Promise<number> {
  const { cwd } = options;
  const { roots, ignored } = watchPlan(options, cwd);
  const changes = watchedChanges(roots);
  const cache = createGenerationCache(changes);

  const runs = serialDebounce(async () => {
    const started = performance.now();
    try {
      const result = await runGeneration(options, cache);
      if (result.diagnostics.length > 0) {
        reportWarnings(result.warnings);
        reportProblems(result.diagnostics, "nothing was written; fix it and save again");
        return;
      }
      reportWritten(result, writeGenerated(result), {
        cwd,
        quiet,
        listUnchanged: false,
        elapsedMs: performance.now() - started,
      });
    } catch (error) {
      reportCrash(error); // and keep watching: the next save may well get past it
    }
  }, QUIET_MS);
  const watching = await watchFolders(
    roots,
    (file, event) => {
      changes.saw(file, event);
      if (affectsSpecs(file, roots, ignored)) runs.trigger();
    },
    (error) => {
      changes.failed();
      console.error(`gen-client-tools: watching failed: ${error.message} (set CHOKIDAR_USEPOLLING=1 to poll instead)`);
    },
  );
  runs.trigger();
  if (!quiet) {
    const shown = roots.map((root) => relativePath(cwd, root.dir) || ".");
    console.log(`gen-client-tools: watching ${shown.join(", ")} (Ctrl-C to stop)`);
  }

  await new Promise<void>((resolve) => {
    // Once handled, a second Ctrl-C ends the process the default way, should a run hang.
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await watching.close();
  await runs.close();
  if (!quiet) console.log("gen-client-tools: stopped watching");
  return 0;
}
