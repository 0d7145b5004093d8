import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CompiledSchemas, ToolModuleOutcome } from "./compile-tool.js";
import type { ToolValidatorExport } from "./tool-exports.js";

/**
 * Compiles each tool's validator module and hands each outcome to `done` as it arrives, so that this thread writes
 * the cache while the others compile. A tool compiles to the same module in any thread.
 */
export type CompileTools = (
  tools: readonly (readonly ToolValidatorExport[])[],
  done: (index: number, outcome: ToolModuleOutcome) => void,
) => Promise<void>;

/** Compiler threads, started before there is work for them (ajv loads meanwhile); `close` ends them. */
export interface CompilePool {
  readonly compile: CompileTools;
  close(): void;
}

/** Below this many tools per thread, starting a thread (and loading ajv in it) costs more than it saves. */
const MIN_TOOLS_PER_THREAD = 16;
/** Small batches keep every thread busy to the end, whatever the schemas' sizes. */
const BATCH = 4;
/**
 * The most batches a thread holds: this thread may be busy with the other emitters for a while after handing out the
 * work, and a thread holds less as the work runs out, so that all finish together.
 */
const MAX_QUEUED = 16;

/**
 * Compiles in worker threads when there are enough tools (a cold run of a large tool set: ajv takes milliseconds per
 * schema), else in this thread.
 */
export const compileTools: CompileTools = async (tools, done) => {
  const pool = openCompilePool(threadsFor(tools.length));
  if (pool === undefined) {
    // Loaded here only: the threads load ajv in theirs.
    const { compileToolModule } = await import("./compile-tool.js");
    const compiled: CompiledSchemas = new Map();
    tools.forEach((exports, index) => done(index, compileToolModule(exports, compiled)));
    return;
  }
  try {
    await pool.compile(tools, done);
  } finally {
    pool.close();
  }
};

/** The threads worth starting for this many tools: one per core, each with enough tools to pay for loading ajv. */
export function threadsFor(tools: number): number {
  return Math.min(availableParallelism(), Math.floor(tools / MIN_TOOLS_PER_THREAD));
}

/**
 * The threads, or undefined where there would be fewer than two, or there is no worker script (run from the
 * TypeScript sources, in the tests). An idle pool never keeps the process alive.
 */
export function openCompilePool(threads: number): CompilePool | undefined {
  const script = new URL("./compile-worker.js", import.meta.url);
  if (threads < 2 || !existsSync(fileURLToPath(script))) return undefined;
  const workers = Array.from({ length: threads }, () => new Worker(script));
  let job: Job | undefined;
  let broken: Error | undefined;
  let closed = false;
  const fail = (error: Error): void => {
    broken ??= error;
    job?.settle(error);
  };
  for (const worker of workers) {
    worker.unref();
    worker.on("message", (outcomes: ToolModuleOutcome[]) => job?.receive(worker, outcomes));
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (!closed) fail(new Error(`a validator compiler thread stopped (exit code ${code})`));
    });
  }
  return {
    compile(tools, done) {
      if (job !== undefined) return Promise.reject(new Error("the compile pool is busy"));
      if (broken !== undefined) return Promise.reject(broken);
      if (tools.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        for (const worker of workers) worker.ref();
        job = new Job(tools, workers.length, done, (error) => {
          job = undefined;
          // A thread may still hold batches of a job that failed: the pool is not used again.
          if (error !== undefined) broken ??= error;
          for (const worker of workers) worker.unref();
          if (error === undefined) resolve();
          else reject(error);
        });
        for (const worker of workers) job?.feed(worker);
      });
    },
    close() {
      closed = true;
      for (const worker of workers) void worker.terminate();
    },
  };
}

/** One `compile` call: the batches handed out, to which thread, and what came back. */
class Job {
  private next = 0;
  private finished = 0;
  private settled = false;
  /** Where each batch a thread holds starts, in the order it was sent. */
  private readonly queued = new Map<Worker, number[]>();

  constructor(
    private readonly tools: readonly (readonly ToolValidatorExport[])[],
    private readonly threads: number,
    private readonly done: (index: number, outcome: ToolModuleOutcome) => void,
    private readonly end: (error?: Error) => void,
  ) {}

  /** Tops the thread's queue up to a quarter of its even share of what is left (at most MAX_QUEUED batches). */
  feed(worker: Worker): void {
    const queue = this.queued.get(worker) ?? [];
    this.queued.set(worker, queue);
    const left = this.tools.length - this.next;
    const share = Math.min(MAX_QUEUED, Math.ceil(left / (this.threads * BATCH * 4)));
    while (queue.length < Math.max(1, share) && this.next < this.tools.length) {
      const start = this.next;
      this.next = Math.min(this.tools.length, start + BATCH);
      queue.push(start);
      worker.postMessage(this.tools.slice(start, this.next));
    }
  }

  receive(worker: Worker, outcomes: readonly ToolModuleOutcome[]): void {
    const start = this.queued.get(worker)?.shift();
    if (this.settled || start === undefined) return;
    try {
      outcomes.forEach((outcome, i) => this.done(start + i, outcome));
    } catch (error) {
      this.settle(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.finished += outcomes.length;
    if (this.finished === this.tools.length) this.settle();
    else this.feed(worker);
  }

  settle(error?: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.end(error);
  }
}
