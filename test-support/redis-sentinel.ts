import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.js";
import { type RedisServerUnderTest, startRedisServer } from "./redis-server.js";

export interface RedisSentinelUnderTest {
  /** The first Sentinel's port on 127.0.0.1; every Sentinel monitors the master as `name`. */
  readonly port: number;
  /** Every Sentinel's port. */
  readonly ports: readonly number[];
  readonly name: string;
  /** The port of the master as the Sentinels see it now. */
  masterPort(): number;
  /** `SENTINEL FAILOVER`: a replica is promoted, and resolves once every Sentinel names it master. */
  failover(): Promise<number>;
  release(): Promise<void>;
}

export interface RedisSentinelSetup {
  /** Replicas of the master (default none). */
  readonly replicas?: number;
  /** How many Sentinels, with a quorum of a majority (default one). */
  readonly sentinels?: number;
  /** Further options of the master and the replicas (`min-replicas-to-write` and the like). */
  readonly serverArgs?: readonly string[];
}

/** A redis-server, its replicas and its Sentinels, all the test's own, on loopback ports. */
export async function startRedisSentinel(setup: RedisSentinelSetup = {}): Promise<RedisSentinelUnderTest> {
  const servers: RedisServerUnderTest[] = [];
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "gct-redis-sentinel-"));
  const name = "gct-master";
  const release = async () => {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null
          ? undefined
          : new Promise<void>((resolve) => (child.on("exit", () => resolve()), child.kill("SIGKILL"))),
      ),
    );
    for (const server of servers) await server.release();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const args = setup.serverArgs ?? [];
    const master = await startRedisServer(false, args);
    servers.push(master);
    for (let i = 0; i < (setup.replicas ?? 0); i++)
      servers.push(await startRedisServer(false, [...args, "--replicaof", "127.0.0.1", String(master.port)]));
    const count = setup.sentinels ?? 1;
    const quorum = Math.floor(count / 2) + 1;
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      ports.push(port);
      const config = path.join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        config,
        [
          "bind 127.0.0.1",
          `port ${port}`,
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${master.port} ${quorum}`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          "",
        ].join("\n"),
      );
      children.push(spawn("redis-server", [config, "--sentinel"], { stdio: "ignore" }));
    }
    const masterPort = () => Number(sentinelCli(ports[0]!, "get-master-addr-by-name", name).split("\n")[1]);
    await until(() =>
      ports.every((port) => sentinelCli(port, "get-master-addr-by-name", name).includes(String(master.port))),
    );
    // Every replica known to the Sentinels, so that a failover has one to promote.
    await until(
      () => Number(/num-slaves\n(\d+)/.exec(sentinelCli(ports[0]!, "master", name))?.[1] ?? 0) >= (setup.replicas ?? 0),
    );
    return {
      port: ports[0]!,
      ports,
      name,
      masterPort,
      failover: async () => {
        const before = masterPort();
        const asked = sentinelCli(ports[0]!, "failover", name);
        if (asked !== "OK") throw new Error(`SENTINEL FAILOVER answered ${asked}`);
        await until(() =>
          ports.every((port) => !sentinelCli(port, "get-master-addr-by-name", name).includes(String(before))),
        );
        return masterPort();
      },
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

function sentinelCli(port: number, ...args: string[]): string {
  return spawnSync("redis-cli", ["-p", String(port), "sentinel", ...args], { encoding: "utf8" }).stdout.trim();
}

async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 400) throw new Error("the Sentinels did not agree within 20 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
