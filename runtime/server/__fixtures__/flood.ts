import { spawn } from "node:child_process";
import { WebSocket } from "ws";
import { decodeClientToolServerMessage, encodeClientToolMessage } from "../../wire/ws-codec.js";

// A flood of small WebSocket answer frames against the README's server, and an honest owner's page beside it: for
// runtime/server/transports/ws-flood.test.ts and the benchmark's flood row.

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
export async function alicePage(port: number): Promise<{ readonly delivered: Map<string, number>; close(): void }> {
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

/**
 * Starts Mallory's flood of `frames` answer frames for unknown calls at the server on `port`, from a process of her
 * own; resolves, once every reply has come, to how many came with each status.
 */
export function floodAnswers(port: number, frames: number): Promise<Record<string, number>> {
  const mallory = spawn(process.execPath, ["-e", MALLORY, String(port), String(frames)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let printed = "";
  mallory.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  return new Promise((resolve, reject) =>
    mallory.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(printed) as Record<string, number>) : reject(new Error(`the flood exited ${code}`)),
    ),
  );
}
