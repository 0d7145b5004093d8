import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.js";

export interface RedisClusterUnderTest {
  /** Every node's port on 127.0.0.1 (without replicas: the masters'). */
  readonly ports: readonly number[];
  /** The ports of the nodes that are masters now. */
  masterPorts(): number[];
  /** The keys that match the pattern on the master at this port. */
  keysOn(port: number, pattern: string): string[];
  /** Kills the node at this port (SIGKILL: it comes back empty) and waits for it to exit. */
  kill(port: number): Promise<void>;
  /** Starts the node at this port again (it rejoins from its nodes file) and waits for the cluster to be whole. */
  restart(port: number): Promise<void>;
  /** `cluster_state` (ok or fail) as the node at this port sees it. */
  state(port: number): string;
  /** Stops every node and removes their directories. */
  release(): Promise<void>;
}

/**
 * A Redis Cluster of the test's own: `masters` redis-server processes on loopback ports with
 * `--cluster-enabled yes`, joined by `redis-cli --cluster create`, persistence off. Resolves
 * once the cluster says its state is ok.
 */
export async function startRedisCluster(
  masters = 3,
  replicasPerMaster = 0,
  serverArgs: readonly string[] = [],
): Promise<RedisClusterUnderTest> {
  const ports: number[] = [];
  for (let i = 0; i < masters * (1 + replicasPerMaster); i++) ports.push(await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), "gct-redis-cluster-"));
  const spawnNode = (port: number): ChildProcess =>
    spawn(
      "redis-server",
      [
        "--bind",
        "127.0.0.1",
        "--port",
        String(port),
        "--dir",
        dir,
        "--cluster-enabled",
        "yes",
        "--cluster-config-file",
        `nodes-${port}.conf`,
        "--save",
        "",
        "--appendonly",
        "no",
        // A lost node is found out in a second (Redis's default is 15).
        "--cluster-node-timeout",
        "1000",
        ...serverArgs,
      ],
      { stdio: "ignore" },
    );
  const nodes: ChildProcess[] = ports.map(spawnNode);
  const release = async () => {
    await Promise.all(
      nodes.map((node) =>
        node.exitCode !== null || node.signalCode !== null
          ? undefined
          : new Promise<void>((resolve) => (node.on("exit", () => resolve()), node.kill("SIGKILL"))),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await until(() => cli(port, "ping") === "PONG");
    const created = spawnSync(
      "redis-cli",
      [
        "--cluster",
        "create",
        ...ports.map((port) => `127.0.0.1:${port}`),
        "--cluster-replicas",
        String(replicasPerMaster),
        "--cluster-yes",
      ],
      { encoding: "utf8" },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    for (const port of ports) await until(() => /cluster_state:ok/.test(cli(port, "cluster", "info")));
    // Each master with its replicas in sync, so that one asking for replicas takes writes.
    await until(() =>
      ports
        .filter((port) => cli(port, "role").startsWith("master"))
        .every(
          (port) => Number(/connected_slaves:(\d+)/.exec(cli(port, "info", "replication"))?.[1]) >= replicasPerMaster,
        ),
    );
  } catch (error) {
    await release();
    throw error;
  }
  const state = (port: number) => /cluster_state:(\w+)/.exec(cli(port, "cluster", "info"))?.[1] ?? "";
  return {
    ports,
    keysOn: (port, pattern) => cli(port, "--scan", "--pattern", pattern).split("\n").filter(Boolean),
    kill: async (port) => {
      const node = nodes[ports.indexOf(port)]!;
      if (node.exitCode !== null || node.signalCode !== null) return;
      await new Promise<void>((resolve) => (node.on("exit", () => resolve()), node.kill("SIGKILL")));
    },
    restart: async (port) => {
      nodes[ports.indexOf(port)] = spawnNode(port);
      await until(() => ports.every((each) => state(each) === "ok"));
    },
    state,
    masterPorts: () => ports.filter((port) => cli(port, "role").startsWith("master")),
    release,
  };
}

function cli(port: number, ...args: string[]): string {
  return spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" }).stdout.trim();
}

async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 200) throw new Error("the Redis cluster did not come up within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
