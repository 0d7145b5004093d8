import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { decodeClientToolServerMessage, encodeClientToolMessage } from "../../wire/ws-codec.js";
import { type ReadmeServer, startReadmeServer } from "../__fixtures__/readme-server.js";

// One logged-in client floods the README's server (in a process of its own, on Redis when the suite
// has one) with small answer frames for calls it does not have, while another owner's page takes
// its calls at the same instance.

let server: ReadmeServer;
beforeEach(async () => {
  const redis = process.env["GCT_REDIS_URL"];
  server = await startReadmeServer(redis === undefined ? {} : { GCT_REDIS_URL: redis });
});
afterEach(() => server.stop());

const FRAMES = 100_000;

/**
 * Mallory, in a process of her own (so that her flood costs the test's process nothing it
 * measures): a WebSocket opened by hand, `count` answer frames for unknown calls written in 1 MiB
 * pieces as the socket drains, every reply read; prints how many replies came with each status.
 */
const MALLORY = `
const net = require("node:net");
const [port, count] = process.argv.slice(1).map(Number);
const frame = (text) => { const payload = Buffer.from(text); return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]); };
const socket = net.connect(port, "127.0.0.1");
let replies = "";
socket.write("GET /ws HTTP/1.1\\r\\nHost: x\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Version: 13\\r\\nOrigin: http://app.test\\r\\nCookie: user=mallory\\r\\n\\r\\n");
socket.on("data", (chunk) => (replies += chunk.toString("latin1")));
socket.once("data", async () => {
  let frames = [];
  for (let i = 0; i < count; i++) {
    frames.push(frame('{"type":"client_tool.result","requestId":"unknown_' + i + '","result":{}}'));
    if (frames.length < 14000 && i < count - 1) continue;
    if (!socket.write(Buffer.concat(frames))) await new Promise((resolve) => socket.once("drain", resolve));
    frames = [];
  }
  const statuses = {};
  let last = -1;
  for (let quiet = 0; quiet < 10; quiet++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (replies.length !== last) quiet = 0;
    last = replies.length;
  }
  for (const [, status] of replies.matchAll(/"status":(\\d+)/g)) statuses[status] = (statuses[status] ?? 0) + 1;
  console.log(JSON.stringify(statuses));
  socket.destroy();
});
`;

/** Alice's page: a socket that answers each call it is sent with a city. */
async function alicePage(port: number): Promise<{ readonly delivered: Map<string, number>; close(): void }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
    headers: { Origin: "http://app.test", Cookie: "user=alice" },
  });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const delivered = new Map<string, number>();
  socket.on("message", (data) => {
    const message = decodeClientToolServerMessage(String(data));
    if (message?.type !== "client_tool.requested") return;
    delivered.set(message.request.toolCallId, performance.now());
    socket.send(
      encodeClientToolMessage({
        type: "client_tool.result",
        requestId: message.request.requestId,
        attempt: message.request.attempt,
        result: { city: "Lyon" },
      }),
    );
  });
  return { delivered, close: () => socket.close() };
}

/** Alice's call's outcome once it ended (the server's /outcome route), waiting up to 10 s. */
async function outcomeOf(call: string): Promise<unknown> {
  for (let waited = 0; waited < 200; waited++) {
    const response = await server.fetch("alice", `/outcome/${call}`);
    if (response.status === 200) return response.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no outcome for ${call}`);
}

describe("a flood of small answer frames", () => {
  it(`${FRAMES.toLocaleString("en")} answers for unknown calls from one socket: refused by count before the store, another owner served in under 250 ms, one report at most`, {
    timeout: 120_000,
  }, async () => {
    const page = await alicePage(server.port);
    await server.report();
    const mallory = spawn(process.execPath, ["-e", MALLORY, String(server.port), String(FRAMES)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let printed = "";
    mallory.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const flooding = new Promise((resolve) => mallory.on("exit", resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const latencies: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const response = await server.fetch("alice", "/dispatch", {
        body: { conversationId: "c_alice", toolName: "get_location", toolCallId: `call_${round}`, args: {} },
      });
      latencies.push(performance.now() - started);
      expect(response.status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await flooding;
    for (let round = 0; round < 5; round++) {
      const outcome = await outcomeOf(`c_alice/call_${round}`);
      expect(outcome).toMatchObject({ status: "ok", result: { city: "Lyon" } });
    }
    expect([...page.delivered.keys()].sort()).toEqual(["call_0", "call_1", "call_2", "call_3", "call_4"]);
    page.close();
    const statuses = JSON.parse(printed) as Record<string, number>;
    const median = latencies.sort((a, b) => a - b)[2]!;
    const report = await server.report();
    console.log(
      `flood: replies ${JSON.stringify(statuses)}, the server's longest pause ${report.maxLoopDelayMs.toFixed(0)} ms`,
    );
    console.log(`flood: alice's requests took ${latencies.map((ms) => ms.toFixed(0)).join(", ")} ms`);
    expect(median).toBeLessThan(250);
    // The flood is refused as too many answers at once (429), not taken to the store one by one.
    expect(statuses["429"]).toBeGreaterThan(0);
    expect(report.errors.length).toBeLessThanOrEqual(1);
  });
});
