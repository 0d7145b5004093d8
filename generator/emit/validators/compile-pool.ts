import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { compileToolModule, type ToolModuleOutcome } from "./compile-tool.js";
import type { ToolValidatorExport } from "./tool-exports.js";

/** Below this many tools per thread, starting a thread (and loading ajv in it) costs more than it saves. */
const MIN_TOOLS_PER_THREAD = 16;
/** Small batches keep every thread busy to the end, whatever the schemas' sizes. */
const BATCH = 4;

/**
 * Compiles each tool's validator module, in worker threads when there are enough tools (a
 * cold run of a large tool set: ajv takes milliseconds per schema), and hands each outcome to
 * `done` as it arrives, so this thread writes the cache while the others compile. A tool
 * compiles to the same module in any thread.
 */
export async function compileTools(
  tools: readonly (readonly ToolValidatorExport[])[],
  done: (index: number, outcome: ToolModuleOutcome) => void,
): Promise<void> {
  const threads = Math.min(availableParallelism(), Math.floor(tools.length / MIN_TOOLS_PER_THREAD));
  const script = new URL("./compile-worker.js", import.meta.url);
  // Run from the TypeScript sources (the tests) there is no worker script Node can start.
  if (threads < 2 || !existsSync(fileURLToPath(script))) {
    tools.forEach((exports, index) => done(index, compileToolModule(exports)));
    return;
  }
  await inWorkers(tools, threads, script, done);
}

function inWorkers(
  tools: readonly (readonly ToolValidatorExport[])[],
  threads: number,
  script: URL,
  done: (index: number, outcome: ToolModuleOutcome) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let finished = 0;
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      for (const worker of workers) void worker.terminate();
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    for (let t = 0; t < threads; t++) {
      const worker = new Worker(script);
      workers.push(worker);
      let start = 0;
      const feed = (): void => {
        start = next;
        next = Math.min(tools.length, next + BATCH);
        if (start < next) worker.postMessage(tools.slice(start, next));
      };
      worker.on("message", (outcomes: ToolModuleOutcome[]) => {
        try {
          outcomes.forEach((outcome, i) => done(start + i, outcome));
        } catch (error) {
          settle(error);
          return;
        }
        finished += outcomes.length;
        if (finished === tools.length) settle();
        else feed();
      });
      worker.on("error", settle);
      worker.on("exit", (code) => settle(new Error(`a validator compiler thread stopped (exit code ${code})`)));
      feed();
    }
  });
}
