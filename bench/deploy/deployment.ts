import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { builtBenchScript } from "../paths.js";
import { type AnsweringClient, answerOwnerCalls } from "./answering-client.js";

/** What a dispatching instance measured of one run. */
export interface DeployedRun {
  readonly seconds: number;
  /** Each call's time from dispatch to outcome, ms. */
  readonly latencies: readonly number[];
  /** How many dispatches were sent again after a 503. */
  readonly retried: number;
}

/** One instance process of the deployment benchmark (bench/deploy/instance.ts). */
export interface DeployedInstance {
  readonly port: number;
  /** Dispatches `calls` calls with `inFlight` at once, the owners in turn (a dispatching instance only). */
  run(calls: number, inFlight: number, owners: readonly string[]): Promise<DeployedRun>;
  stop(): void;
}

export async function startInstance(
  role: "dispatcher" | "answerer" | "single",
  env: NodeJS.ProcessEnv,
): Promise<DeployedInstance> {
  const child: ChildProcess = spawn(process.execPath, [builtBenchScript("deploy/instance.js"), role], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  const exited = new Promise<never>((_resolve, reject) =>
    child.on("exit", (code) => reject(new Error(`a ${role} instance exited with ${code}`))),
  );
  exited.catch(() => {});
  lines.on("line", (line) => waiting.shift()?.(line));
  const nextLine = (prefix: string) =>
    Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), exited]).then((line) => {
      if (!line.startsWith(prefix)) throw new Error(`a ${role} instance said ${line}`);
      return line.slice(prefix.length);
    });
  const port = Number(await nextLine("READY "));
  return {
    port,
    run: async (calls, inFlight, owners) => {
      const result = nextLine("RESULT ");
      child.stdin!.write(`RUN ${calls} ${inFlight} ${owners.join(",")}\n`);
      return JSON.parse(await result) as DeployedRun;
    },
    stop: () => child.kill(),
  };
}

/** Clients following each owner at its instance's port, answering every call there. */
export async function startClients(
  owners: readonly (readonly [owner: string, port: number])[],
): Promise<AnsweringClient> {
  const clients = await Promise.all(owners.map(([owner, port]) => answerOwnerCalls(port, owner)));
  const failed = Promise.race(clients.map((client) => client.failed));
  failed.catch(() => {});
  return {
    failed,
    resent: () => clients.reduce((sum, client) => sum + client.resent(), 0),
    stop: () => clients.forEach((client) => client.stop()),
  };
}
