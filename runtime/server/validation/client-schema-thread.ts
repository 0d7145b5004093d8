import type { Worker } from "node:worker_threads";
import type { JsonObject } from "../../util/json.js";
import { type CompiledValidator, type ValidationProblem, validate } from "../../wire/validation.js";
import { clientSchemaCode } from "./client-schema-code.js";
import {
  type ClientSchemaThread,
  type ClientSchemaThreadOptions,
  DEFAULT_COMPILE_DEADLINE_MS,
  DEFAULT_VALIDATION_DEADLINE_MS,
  type ThreadReply,
  type ThreadRequest,
} from "./client-schema-thread-options.js";
import { loadClientValidator } from "./client-validator.js";

/** The heap the thread may use; past it, the thread stops and what it was doing is rejected. */
const THREAD_HEAP_MB = 512;

interface Job {
  readonly op: "compile" | "validate";
  readonly withCode?: boolean;
  /**
   * Whether the request as sent carries the schema, to be compiled first (its deadline then includes the compile's).
   */
  compiles?: boolean;
  readonly key: string;
  readonly schema: JsonObject;
  readonly value?: unknown;
  readonly resolve: (reply: {
    readonly problems?: readonly ValidationProblem[] | undefined;
    readonly code?: string | undefined;
  }) => void;
  readonly reject: (error: Error) => void;
}

/** The problem of a value whose check was stopped at the deadline. */
export const tooCostly = (deadlineMs: number): readonly ValidationProblem[] => [
  {
    pointer: "",
    message: `could not be checked within ${deadlineMs} ms: the value is too costly to validate against this schema`,
  },
];

/**
 * One worker thread, started on first use and again after it stops. It works through its
 * requests in order, so the oldest open one is the one running: its deadline is the one armed,
 * and when it passes, that request alone fails, the thread is stopped, and the others are sent
 * again to a new one (which compiles again what they need). It keeps the process alive only
 * while it works. Where there are no Node worker threads (a runtime other than Node), or no
 * script for one (run from the TypeScript sources, as the tests are), the work is done here.
 */
export function createClientSchemaThread(options: ClientSchemaThreadOptions = {}): ClientSchemaThread {
  const compileDeadlineMs = options.compileDeadlineMs ?? DEFAULT_COMPILE_DEADLINE_MS;
  const validationDeadlineMs = options.validationDeadlineMs ?? DEFAULT_VALIDATION_DEADLINE_MS;
  const Thread = nodeWorkerClass();
  if (Thread === undefined) return inThisThread();
  const script = Thread.script;
  let worker: Worker | undefined;
  // Open requests in the order sent: the first is the one the thread is working on.
  const jobs = new Map<number, Job>();
  // The keys the current thread has compiled, or will have by the time it reads the next request.
  const loaded = new Set<string>();
  let nextId = 0;
  let timer: NodeJS.Timeout | undefined;
  // Whether the thread has loaded (deadlines run from then).
  let ready = false;

  const deadlineOf = (job: Job): number =>
    (job.compiles === true ? compileDeadlineMs : 0) + (job.op === "validate" ? validationDeadlineMs : 0);
  const post = (id: number, job: Job): void => {
    const thread = started();
    const withSchema = job.op === "compile" || !loaded.has(job.key);
    job.compiles = withSchema;
    try {
      thread.postMessage(
        job.op === "compile"
          ? ({
              op: "compile",
              id,
              key: job.key,
              schema: job.schema,
              ...(job.withCode === true && { withCode: true }),
            } satisfies ThreadRequest)
          : ({
              op: "validate",
              id,
              key: job.key,
              value: job.value,
              ...(withSchema && { schema: job.schema }),
            } satisfies ThreadRequest),
      );
    } catch {
      // A value the thread cannot receive (a function, a symbol) is no JSON value.
      jobs.delete(id);
      job.resolve({ problems: [{ pointer: "", message: "is not a JSON value" }] });
      return;
    }
    if (withSchema) loaded.add(job.key);
    // Alive while it works for someone, not after.
    thread.ref();
  };
  const send = (job: Job): void => {
    const id = nextId++;
    jobs.set(id, job);
    post(id, job);
    if (jobs.size === 1) armDeadline();
  };
  // The thread stopped (past a deadline, or it failed): the request it was on fails; the others go to a new one.
  const restart = (fail: (job: Job) => void): void => {
    const stopped = worker;
    worker = undefined;
    ready = false;
    loaded.clear();
    clearTimeout(timer);
    timer = undefined;
    void stopped?.terminate();
    const waiting = [...jobs.values()];
    jobs.clear();
    const [running, ...rest] = waiting;
    if (running !== undefined) fail(running);
    for (const job of rest) send(job);
  };
  // The deadline of the oldest open request, from when the thread has loaded.
  const armDeadline = (): void => {
    clearTimeout(timer);
    const running = jobs.values().next().value;
    timer = running === undefined || !ready ? undefined : setTimeout(() => restart(pastDeadline), deadlineOf(running));
    timer?.unref();
  };
  const pastDeadline = (job: Job): void => {
    if (job.op === "validate") job.resolve({ problems: tooCostly(validationDeadlineMs) });
    else job.reject(new Error(`compiling the validator took longer than ${compileDeadlineMs} ms`));
  };
  const started = (): Worker => {
    if (worker !== undefined) return worker;
    const thread = new Thread.Worker(script, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    thread.on("message", (reply: ThreadReply) => {
      if (worker !== thread) return;
      if (reply.ready === true) {
        ready = true;
        armDeadline();
        return;
      }
      if (reply.compiled === true) {
        // Compiled; now it validates: the validation's own deadline runs from here.
        const job = jobs.get(reply.id);
        if (job !== undefined) job.compiles = false;
        armDeadline();
        return;
      }
      const job = jobs.get(reply.id);
      jobs.delete(reply.id);
      if (job !== undefined) {
        if (reply.missing === true) {
          // Compiling it failed since it was sent: compiled with the request, the reason comes back.
          loaded.delete(job.key);
          send(job);
        } else if (reply.error !== undefined) {
          loaded.delete(job.key);
          job.reject(new Error(reply.error));
        } else {
          job.resolve(reply);
        }
      }
      if (jobs.size === 0) thread.unref();
      armDeadline();
    });
    const failed = (reason: string): void => {
      if (worker === thread) restart((job) => job.reject(new Error(reason)));
    };
    thread.on("error", (error) => failed(`the thread that checks clients' schemas failed: ${error.message}`));
    thread.on("exit", (exitCode) => failed(`the thread that checks clients' schemas stopped (exit code ${exitCode})`));
    return (worker = thread);
  };

  return {
    apart: true,
    compile: (key, schema, withCode) =>
      new Promise((resolve, reject) =>
        send({
          op: "compile",
          key,
          schema,
          withCode: withCode === true,
          resolve: (reply) => resolve(reply.code),
          reject,
        }),
      ),
    validate: (key, schema, value) =>
      new Promise((resolve, reject) =>
        send({ op: "validate", key, schema, value, resolve: (reply) => resolve(reply.problems), reject }),
      ),
    drop(key) {
      if (!loaded.delete(key)) return;
      worker?.postMessage({ op: "drop", key } satisfies ThreadRequest);
    },
    close() {
      const stopped = worker;
      worker = undefined;
      clearTimeout(timer);
      void stopped?.terminate();
      for (const job of jobs.values()) job.reject(new Error("the broker closed"));
      jobs.clear();
      loaded.clear();
    },
  };
}

/** The same work in the calling thread. */
function inThisThread(): ClientSchemaThread {
  const validators = new Map<string, CompiledValidator>();
  const codes = new Map<string, string>();
  const compiled = (key: string, schema: JsonObject): CompiledValidator => {
    let fn = validators.get(key);
    if (fn === undefined) {
      const code = clientSchemaCode(schema);
      codes.set(key, code);
      validators.set(key, (fn = loadClientValidator(code)));
    }
    return fn;
  };
  return {
    apart: false,
    compile: async (key, schema, withCode) => {
      compiled(key, schema);
      return withCode === true ? codes.get(key) : undefined;
    },
    validate: async (key, schema, value) => validate(compiled(key, schema), value),
    drop: (key) => {
      validators.delete(key);
      codes.delete(key);
    },
    close: () => {
      validators.clear();
      codes.clear();
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
  if (threads === undefined || fs === undefined || script.protocol !== "file:" || !fs.existsSync(script))
    return undefined;
  return { Worker: threads.Worker, script };
}
