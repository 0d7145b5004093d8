import { describe, expect, it } from "vitest";
import type { ClientToolRequest } from "../../wire/messages.js";
import { LossyStore } from "../__fixtures__/lossy-store.js";
import { createTestBroker, flush } from "../__fixtures__/tools.js";
import { followOwnerCalls } from "./owner-feed.js";

/** A page's feed at one broker, one call sent to it, then one more opened at another broker while the store's notices were lost. */
async function callMadeWhileDeaf() {
  const store = new LossyStore();
  const page = createTestBroker({ store });
  const dispatcher = createTestBroker({ store });
  const sent: ClientToolRequest[] = [];
  const feed = followOwnerCalls(
    page.broker,
    { owner: "alice" },
    { requested: (r) => sent.push(r), cancelled: () => {} },
  );
  await feed.replayed;
  const first = await dispatcher.dispatchLocation("alice");
  store.deaf = true;
  void dispatcher.broker.dispatch({
    conversationId: "c1",
    owner: "alice",
    toolName: "get_location",
    toolCallId: "during",
    args: {},
  });
  await flush();
  store.deaf = false;
  expect(sent.map((request) => request.toolCallId)).toEqual([first.request.toolCallId]);
  const close = async () => {
    feed.stop();
    await Promise.all([page.broker.close(), dispatcher.broker.close()]);
  };
  return { store, sent, first: first.request.toolCallId, close };
}

describe("followOwnerCalls after missed notices", () => {
  it("sends the calls opened while the store's notices were lost, at any instance, once each", async () => {
    const { store, sent, first, close } = await callMadeWhileDeaf();
    store.gap();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The call made while deaf, sent once, though both brokers heard the gap; the first not again.
    expect(sent.map((request) => request.toolCallId)).toEqual([first, "during"]);
    await close();
  });

  it("sends them once a listing succeeds when the first ones after the gap fail (a failover under way)", async () => {
    const { store, sent, first, close } = await callMadeWhileDeaf();
    store.failingLists = 3;
    store.gap();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Listed again until a listing succeeded: the call made while deaf, sent once.
    expect(sent.map((request) => request.toolCallId)).toEqual([first, "during"]);
    await close();
  });
});
