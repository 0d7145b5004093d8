import { describe, expect, it } from "vitest";
import { ClientToolRegistry } from "../registry/registry.js";
import { compareSchemas } from "../schema/compare/compare-schemas.js";
import { ClientResultInvalidError } from "../wire/errors.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";

// A deploy changes a tool's schemas while conversations live: a conversation keeps the tool it
// was created with (its registry snapshot carries it), a call open across the deploy is answered
// against the schema it was dispatched with, and new conversations get the new tool.

const version = (n: 1 | 2) => ({
  name: "pick_colour",
  description: "Ask the user for a colour.",
  parameters:
    n === 1
      ? { type: "object", properties: { label: { type: "string" } }, required: ["label"] }
      : {
          type: "object",
          properties: { label: { type: "string" }, palette: { enum: ["warm", "cold"] } },
          required: ["label", "palette"],
        },
  outputSchema:
    n === 1
      ? { type: "object", properties: { colour: { type: "string" } }, required: ["colour"] }
      : {
          type: "object",
          properties: { rgb: { type: "array", items: { type: "integer" }, minItems: 3, maxItems: 3 } },
          required: ["rgb"],
        },
});

describe("a tool's schemas across a deploy", () => {
  it("checks a restored conversation's calls and answers against its own schemas, an open call against the one it was dispatched with, and a new conversation's against the new version", async () => {
    const store = new InMemoryPendingCallStore();
    const before = new ClientToolRegistry();
    before.scope("c1", { owner: "alice" }).register({ client_tools: [version(1)] });
    const old = new ClientCallBroker({ tools: before, store });
    const sent = nextRequest(old);
    const open = old.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "pick_colour",
      toolCallId: "call_1",
      args: { label: "Walls" },
    });
    const { requestId: openRequest } = await sent;

    // The deploy: the new process restores the registry from its snapshot (as JSON), and a new conversation registers
    // version 2.
    const after = ClientToolRegistry.restore(JSON.parse(JSON.stringify(before.snapshot())));
    after.scope("c2", { owner: "alice" }).register({ client_tools: [version(2)] });
    const next = new ClientCallBroker({ tools: after, store });
    try {
      // The change breaks a rolling deploy both ways, which is why each conversation keeps its own.
      const compared = compareSchemas(version(1).outputSchema, version(2).outputSchema);
      expect([compared.oldInNew.holds, compared.newInOld.holds]).toEqual([false, false]);

      // The open call: answered at the new process, checked against version 1's outputSchema.
      await expect(next.submit({ requestId: openRequest, owner: "alice", result: { rgb: [1, 2, 3] } })).rejects.toThrow(
        ClientResultInvalidError,
      );
      await next.submit({ requestId: openRequest, owner: "alice", result: { colour: "teal" } });
      await expect(open).resolves.toEqual({ status: "ok", result: { colour: "teal" } });

      // The restored conversation's new calls: version 1's parameters and outputSchema.
      const inC1 = nextRequest(next);
      const c1 = next.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "pick_colour",
        toolCallId: "call_2",
        args: { label: "Door" },
      });
      const { requestId: c1Request } = await inC1;
      await expect(next.submit({ requestId: c1Request, owner: "alice", result: { rgb: [1, 2, 3] } })).rejects.toThrow(
        ClientResultInvalidError,
      );
      await next.submit({ requestId: c1Request, owner: "alice", result: { colour: "red" } });
      await expect(c1).resolves.toEqual({ status: "ok", result: { colour: "red" } });

      // The new conversation: version 2, whose parameters refuse version 1's call.
      expect(
        await next.dispatch({
          conversationId: "c2",
          owner: "alice",
          toolName: "pick_colour",
          toolCallId: "call_3",
          args: { label: "Roof" },
        }),
      ).toMatchObject({ status: "invalid_arguments" });
      const inC2 = nextRequest(next);
      const c2 = next.dispatch({
        conversationId: "c2",
        owner: "alice",
        toolName: "pick_colour",
        toolCallId: "call_4",
        args: { label: "Roof", palette: "warm" },
      });
      const { requestId: c2Request } = await inC2;
      await expect(next.submit({ requestId: c2Request, owner: "alice", result: { colour: "red" } })).rejects.toThrow(
        ClientResultInvalidError,
      );
      await next.submit({ requestId: c2Request, owner: "alice", result: { rgb: [200, 80, 20] } });
      await expect(c2).resolves.toEqual({ status: "ok", result: { rgb: [200, 80, 20] } });
    } finally {
      await old.close();
      await next.close();
    }
  });
});
