import type { Worker } from "node:worker_threads";
import type { JsonObject } from "../schema/json.js";
import { clientSchemaCode } from "./client-schema-code.js";

/** Writes the code of clients' schemas away from the thread that serves requests. */
export interface CompileThread {
  /** The schema's standalone code; rejects with ajv's reason, or when the thread takes longer than its deadline. */
  code(schema: JsonObject): Promise<string>;
  /** Stops the thread; what it was writing is rejected. */
  close(): void;
}

/** How long writing one schema's code may take before the thread is stopped (a schema at the registry's limits takes about a second). */
const COMPILE_DEADLINE_MS = 20_000;

/** The heap the thread may use; past it, the thread stops and what it was writing is rejected. */
const THREAD_HEAP_MB = 512;

interface Job {
  readonly resolve: (code: string) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One worker thread, started on first use and again after it stops, so that ajv's code
 * generation (the slow part of compiling: up to a second for a schema at the limits) never
 * holds up the event loop. It keeps the process alive only while it writes. The code is
 * written in this thread where there are no Node worker threads (a runtime other than Node),
 * or no script for one (run from the TypeScript sources, as the tests are).
 */
export function createCompileThread(deadlineMs = COMPILE_DEADLINE_MS): CompileThread {
  const Thread = nodeWorkerClass();
  if (Thread === undefined) return { code: async (schema) => clientSchemaCode(schema), close() {} };
  const script = Thread.script;
  let worker: Worker | undefined;
  const jobs = new Map<number, Job>();
  let nextId = 0;
  let timer: NodeJS.Timeout | undefined;
  // Whether the thread has loaded (its deadlines run from then).
  let ready = false;

  const stop = (reason: string): void => {
    const stopped = worker;
    worker = undefined;
    ready = false;
    clearTimeout(timer);
    timer = undefined;
    void stopped?.terminate();
    for (const job of jobs.values()) job.reject(new Error(reason));
    jobs.clear();
  };
  // The deadline runs while any job is open, and starts again at each one that ends.
  const armDeadline = (): void => {
    clearTimeout(timer);
    timer = jobs.size === 0 || !ready ? undefined : setTimeout(() => stop(`writing the validator took longer than ${deadlineMs} ms`), deadlineMs);
    timer?.unref();
  };
  const started = (): Worker => {
    if (worker !== undefined) return worker;
    const thread = new Thread.Worker(script, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    thread.on("message", ({ ready: loaded, id, code, error }: { ready?: true; id: number; code?: string; error?: string }) => {
      if (loaded === true) {
        ready = true;
        armDeadline();
        return;
      }
      const job = jobs.get(id);
      jobs.delete(id);
      if (code !== undefined) job?.resolve(code);
      else job?.reject(new Error(error));
      if (jobs.size === 0) thread.unref();
      armDeadline();
    });
    thread.on("error", (error) => {
      if (worker === thread) stop(`the thread that writes validators failed: ${error.message}`);
    });
    thread.on("exit", (exitCode) => {
      if (worker === thread) stop(`the thread that writes validators stopped (exit code ${exitCode})`);
    });
    return (worker = thread);
  };

  return {
    code(schema) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        jobs.set(id, { resolve, reject });
        const thread = started();
        // Alive while it writes code someone waits for, not after.
        thread.ref();
        thread.postMessage({ id, schema });
        if (jobs.size === 1) armDeadline();
      });
    },
    close() {
      stop("the broker closed");
    },
  };
}

/**
 * Node's `Worker` and the thread's script, read without importing a `node:` module, so that
 * this entry loads on other runtimes too.
 */
function nodeWorkerClass(): { readonly Worker: typeof Worker; readonly script: URL } | undefined {
  const node = globalThis.process as Partial<NodeJS.Process> | undefined;
  const threads = node?.getBuiltinModule?.("node:worker_threads");
  const fs = node?.getBuiltinModule?.("node:fs");
  const script = new URL("./schema-thread.js", import.meta.url);
  if (threads === undefined || fs === undefined || script.protocol !== "file:" || !fs.existsSync(script)) return undefined;
  return { Worker: threads.Worker, script };
}
