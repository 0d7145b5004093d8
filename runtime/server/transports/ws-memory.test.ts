import type { Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ReadmeServer, startReadmeServer } from "../__fixtures__/readme-server.js";
import { clientFrameHead, clientTextFrame, rawWebSocket } from "./__fixtures__/net.js";

// What one WebSocket client can make the README's server (in a process of its own) hold in memory.

let server: ReadmeServer;
beforeEach(async () => {
  server = await startReadmeServer();
});
afterEach(() => server.stop());

const MiB = 1024 * 1024;
const open = () => rawWebSocket(server.port, "/ws", { Origin: "http://app.test", Cookie: "user=mallory" });
const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));

/**
 * Writes `bytes` to the socket in 1 MiB chunks, waiting for each to drain, until written or the server closed the
 * socket.
 */
async function stream(socket: Socket, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(MiB);
  let written = 0;
  while (written < bytes && !socket.destroyed) {
    if (!socket.write(chunk))
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed(socket)]);
    written += MiB;
  }
  return written;
}

describe("WebSocket memory", () => {
  it("refuses a 90 MiB frame before reading it: four sockets sending one each grow the server's peak RSS by less than 20 MB", {
    timeout: 60_000,
  }, async () => {
    // What any socket costs at first (ws's own buffers and code) is not the attack's.
    const warm = await open();
    warm.write(clientTextFrame('{"type":"client_tool.result","requestId":"r","result":{}}'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    warm.destroy();
    const before = await server.report();
    const sockets = await Promise.all([1, 2, 3, 4].map(open));
    const written = await Promise.all(
      sockets.map(async (socket) => {
        socket.write(clientFrameHead(90 * MiB));
        return stream(socket, 90 * MiB);
      }),
    );
    await Promise.race([Promise.all(sockets.map(closed)), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    const after = await server.report();
    // ws closed each socket on the frame's head, long before its 90 MiB were sent.
    for (const socket of sockets) expect(socket.destroyed).toBe(true);
    for (const bytes of written) expect(bytes).toBeLessThan(90 * MiB);
    const growth = (after.maxRssKb - before.maxRssKb) * 1024;
    console.log(`90 MiB frames: peak RSS +${(growth / 1e6).toFixed(1)} MB`);
    expect(growth).toBeLessThan(20 * 1e6);
  });

  it("150 frames with 1 MB request ids, the replies never read (was: 67 -> 393 MB): each refusal stays small, and the peak RSS grows by less than 60 MB", {
    timeout: 60_000,
  }, async () => {
    const before = await server.report();
    const socket = await open();
    socket.pause();
    const frame = clientTextFrame(
      JSON.stringify({ type: "client_tool.result", requestId: "r".repeat(1_000_000), result: {} }),
    );
    for (let n = 0; n < 150 && !socket.destroyed; n++) {
      if (!socket.write(frame))
        await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed(socket)]);
    }
    // Let the server work through what it received.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await server.report();
    expect((after.maxRssKb - before.maxRssKb) * 1024).toBeLessThan(60 * 1e6);
    expect(after.errors).toEqual([]);
    socket.destroy();
  });

  it("closes a socket whose client sends and never reads once 8 MiB wait unwritten (1008), and its memory goes with it", {
    timeout: 60_000,
  }, async () => {
    const socket = await open();
    socket.pause();
    // Each malformed message gets a refusal quoting its id (512 characters): some 0.6 KB each.
    const frame = clientTextFrame(
      JSON.stringify({ type: "client_tool.result", requestId: "r".repeat(500), attempt: "x" }),
    );
    const flood = Buffer.concat(Array.from({ length: 1_000 }, () => frame));
    let states: readonly number[] = [1];
    for (let n = 0; n < 200 && states.every((state) => state === 1); n++) {
      if (!socket.write(flood))
        await Promise.race([
          new Promise((resolve) => socket.once("drain", resolve)),
          new Promise((resolve) => setTimeout(resolve, 200)),
        ]);
      states = (await server.report()).socketStates;
    }
    // Closing: the close frame waits behind what the client never read.
    expect(states).toEqual([2]);
    const report = await server.report();
    expect(report.memory.rss).toBeLessThan(300 * 1e6);
    socket.destroy();
  });
});
