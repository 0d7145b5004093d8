import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Compiled into dist/ for the benchmark, this module still runs the script beside its source.
const here = path.dirname(fileURLToPath(import.meta.url)).replace(/([\\/])dist[\\/]runtime[\\/]/, "$1runtime$1");
const script = path.join(here, "readme-server.mjs");

export interface ServerReport {
  readonly errors: readonly string[];
  readonly memory: NodeJS.MemoryUsage;
  /** The process's peak resident set so far, in KB. */
  readonly maxRssKb: number;
  /** The event loop's longest pause since the last report, in ms. */
  readonly maxLoopDelayMs: number;
  /** Each WebSocket's readyState (1 open, 2 closing, 3 closed). */
  readonly socketStates: readonly number[];
}

export interface ReadmeServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** A request as user `user` (the cookie the server reads), its body read. */
  fetch(user: string, pathname: string, init?: { readonly method?: string; readonly body?: unknown; readonly headers?: Record<string, string> }): Promise<Response>;
  /** What reached its `onError`, and its memory after a GC. */
  report(): Promise<ServerReport>;
  stop(): Promise<void>;
}

let servers = 0;

/** Starts readme-server.mjs (against runtime/dist, which the tests' global setup builds), with `env` beside the test's own (`GCT_REDIS_URL` in it puts the server on that Redis). */
export async function startReadmeServer(env: Record<string, string> = {}, nodeOptions: readonly string[] = []): Promise<ReadmeServer> {
  // On Redis only when the test says so (the suite's own GCT_REDIS_URL is not inherited), under keys of its own.
  const { GCT_REDIS_URL: _suiteRedis, ...inherited } = process.env;
  const keyPrefix = `readme-server-${process.pid}-${servers++}:`;
  const child = spawn(process.execPath, ["--expose-gc", ...nodeOptions, script], { env: { ...inherited, KEY_PREFIX: keyPrefix, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /listening (\d+)/.exec(stdout);
      if (found) resolve(Number(found[1]));
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const fetchAs: ReadmeServer["fetch"] = async (user, pathname, init = {}) => {
    const response = await fetch(`${url}${pathname}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { cookie: `user=${user}`, ...(init.body !== undefined && { "content-type": "application/json" }), ...init.headers },
      ...(init.body !== undefined && { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
    });
    // Read whole at once: a body left unread holds its connection, and a test that only looks at the status would stall the next requests.
    const body = await response.arrayBuffer();
    return new Response(response.status === 204 ? null : body, { status: response.status, headers: response.headers });
  };
  return {
    url,
    port,
    child,
    fetch: fetchAs,
    report: async () => (await (await fetchAs("tester", "/report")).json()) as ServerReport,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.on("exit", () => resolve());
        child.kill("SIGKILL");
      });
    },
  };
}
