import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.js";
import { startRedisServer } from "./redis-server.js";

export interface RedisSentinelUnderTest {
  /** The Sentinel's port on 127.0.0.1; it monitors the master as `name`. */
  readonly port: number;
  readonly name: string;
  release(): Promise<void>;
}

/** A redis-server and one Sentinel monitoring it (quorum 1), both the test's own. */
export async function startRedisSentinel(): Promise<RedisSentinelUnderTest> {
  const master = await startRedisServer(false);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "gct-redis-sentinel-"));
  const name = "gct-master";
  const config = path.join(dir, "sentinel.conf");
  writeFileSync(
    config,
    [`bind 127.0.0.1`, `port ${port}`, `dir ${dir}`, `sentinel monitor ${name} 127.0.0.1 ${master.port} 1`, ""].join(
      "\n",
    ),
  );
  const sentinel: ChildProcess = spawn("redis-server", [config, "--sentinel"], { stdio: "ignore" });
  const release = async () => {
    if (sentinel.exitCode === null)
      await new Promise<void>((resolve) => (sentinel.on("exit", () => resolve()), sentinel.kill("SIGKILL")));
    await master.release();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const known = spawnSync("redis-cli", ["-p", String(port), "sentinel", "get-master-addr-by-name", name], {
      encoding: "utf8",
    }).stdout;
    if (known.includes(String(master.port))) break;
    if (tries > 200) {
      await release();
      throw new Error("the Sentinel did not come up within 10 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, name, release };
}
