import { describe, expect, it } from "vitest";
import { ClientCallStoreUnavailableError } from "../../../wire/errors.js";
import { RedisCommands, type RedisSubscriberLike } from "./commands.js";

/** The official client's reply error, as Redis's `-CODE message` reaches the caller. */
class ErrorReply extends Error {}

function failingWith(error: unknown): RedisCommands {
  const client = {
    sendCommand: async () => {
      throw error;
    },
    duplicate: (): RedisSubscriberLike => {
      throw new Error("not used");
    },
  };
  return new RedisCommands(client, 1_000, () => {});
}

describe("the store's commands to Redis", () => {
  it.each([
    "CLUSTERDOWN The cluster is down",
    "CLUSTERDOWN Hash slot not served",
    "TRYAGAIN Multiple keys request during rehashing of slot",
    "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
    "LOADING Redis is loading the dataset in memory",
    "READONLY You can't write against a read only replica.",
    "NOREPLICAS Not enough good replicas to write.",
    "BUSY Redis is busy running a script.",
    "MOVED 3999 127.0.0.1:6381",
    "ASK 3999 127.0.0.1:6381",
    "ERR WAIT cannot be used with replica instances.",
  ])("turns a reply that says Redis cannot take commands now (%s) into a 503", async (message) => {
    const sent = failingWith(new ErrorReply(message)).send("k", ["GET", "k"]);
    await expect(sent).rejects.toBeInstanceOf(ClientCallStoreUnavailableError);
    await expect(sent).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 });
  });

  it("turns a connection closed mid-command into a 503", async () => {
    class SocketClosedUnexpectedlyError extends Error {}
    await expect(
      failingWith(new SocketClosedUnexpectedlyError("Socket closed unexpectedly")).send("k", ["GET", "k"]),
    ).rejects.toBeInstanceOf(ClientCallStoreUnavailableError);
  });

  it("passes on a reply that refuses what was asked (a bug to fix, not an outage)", async () => {
    const refused = new ErrorReply("WRONGTYPE Operation against a key holding the wrong kind of value");
    await expect(failingWith(refused).send("k", ["GET", "k"])).rejects.toBe(refused);
    const unknown = new ErrorReply("ERR unknown command 'NOPE'");
    await expect(failingWith(unknown).send("k", ["NOPE"])).rejects.toBe(unknown);
  });
});
