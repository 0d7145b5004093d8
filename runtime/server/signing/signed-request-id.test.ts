import { afterEach, describe, expect, it, vi } from "vitest";
import { nextRequest } from "../__fixtures__/next-request.js";
import { specs } from "../__fixtures__/tools.js";
import { ClientCallBroker } from "../broker.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import { createRequestSigner } from "./signed-request-id.js";

const KEY = "k".repeat(32);
const OLD_KEY = "o".repeat(32);
const fields = {
  conversationId: "c1",
  owner: "alice",
  toolName: "get_location",
  toolCallId: "call_1",
  argsFingerprint: "a".repeat(64),
  finalDeadline: 2_000_000_000_000,
};

describe("signed request ids", () => {
  it("verify for their owner until their final deadline, and no longer", async () => {
    const signer = createRequestSigner({ keys: [KEY] });
    const token = await signer.sign(fields);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await signer.verify(token, "alice", fields.finalDeadline)).toBe(true);
    expect(await signer.verify(token, "mallory", fields.finalDeadline)).toBe(false);
    expect(await signer.verify(token, "alice", fields.finalDeadline + 1)).toBe(false);
    // Two calls of the same fields still get two ids.
    expect(await signer.sign(fields)).not.toBe(token);
  });

  it("refuse a forged, an altered and a malformed id", async () => {
    const signer = createRequestSigner({ keys: [KEY] });
    const token = await signer.sign(fields);
    const [payload, signature] = token.split(".") as [string, string];
    const edited = btoa(atob(payload.replace(/-/g, "+").replace(/_/g, "/")).replace('"o":"alice"', '"o":"mallo"'))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const forged = await createRequestSigner({ keys: ["x".repeat(32)] }).sign(fields);
    for (const bad of [
      `${edited}.${signature}`,
      forged,
      `${payload}.${signature.slice(1)}`,
      `${payload}`,
      `${payload}.${signature}.x`,
      "",
      "a".repeat(10_000),
      `${payload}.%%`,
    ]) {
      expect(await signer.verify(bad, "alice", 0), bad.slice(0, 40)).toBe(false);
    }
  });

  it("verify with every key given, and sign with the first: keys rotate without refusing open calls", async () => {
    const before = await createRequestSigner({ keys: [OLD_KEY] }).sign(fields);
    const rotating = createRequestSigner({ keys: [KEY, OLD_KEY] });
    expect(await rotating.verify(before, "alice", 0)).toBe(true);
    expect(await createRequestSigner({ keys: [OLD_KEY] }).verify(await rotating.sign(fields), "alice", 0)).toBe(false);
    expect(await createRequestSigner({ keys: [KEY] }).verify(await rotating.sign(fields), "alice", 0)).toBe(true);
  });

  it("refuse keys that are missing or shorter than 32 bytes", () => {
    expect(() => createRequestSigner({ keys: [] })).toThrow(/at least one key/);
    expect(() => createRequestSigner({ keys: ["short"] })).toThrow(/key 1 has 5 bytes; use at least 32 random bytes/);
  });
});

describe("a broker with signed request ids", () => {
  const brokers: ClientCallBroker[] = [];
  afterEach(async () => {
    await Promise.all(brokers.splice(0).map((broker) => broker.close()));
  });

  it("refuses an answer with a forged or altered id before it reads the store, and takes the real one, on any instance with the keys", async () => {
    const store = new InMemoryPendingCallStore();
    const a = new ClientCallBroker({ tools: specs, store, signing: { keys: [KEY] } });
    const b = new ClientCallBroker({ tools: [], store, signing: { keys: [KEY] } });
    brokers.push(a, b);
    const sent = nextRequest(a);
    const outcome = a.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_1",
      args: {},
    });
    const request = await sent;
    const reads = vi.spyOn(store, "get");
    const forged = await createRequestSigner({ keys: ["x".repeat(32)] }).sign({
      ...fields,
      finalDeadline: Date.now() + 60_000,
    });
    await expect(b.submit({ requestId: forged, owner: "alice", result: { city: "Nowhere" } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      b.submit({ requestId: `${request.requestId.slice(0, -2)}AA`, owner: "alice", result: { city: "Nowhere" } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      b.submit({ requestId: request.requestId, owner: "mallory", result: { city: "Nowhere" } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(reads).not.toHaveBeenCalled();
    await b.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("keeps the same id across the attempts of a call", async () => {
    const broker = new ClientCallBroker({ tools: specs, signing: { keys: [KEY] } });
    brokers.push(broker);
    const sent = nextRequest(broker);
    const outcome = broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_1",
      args: {},
    });
    const first = await sent;
    const resent = nextRequest(broker);
    await broker.fail({ requestId: first.requestId, owner: "alice", error: "busy", retryable: true });
    const second = await resent;
    expect(second).toMatchObject({ requestId: first.requestId, attempt: 2 });
    await broker.submit({ requestId: second.requestId, owner: "alice", attempt: 2, result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });
});
