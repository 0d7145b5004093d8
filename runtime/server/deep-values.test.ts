import { describe, expect, it } from "vitest";
import { invalidSpecRefusal } from "../registry/__fixtures__/refusal.js";
import { ClientToolRegistry } from "../registry/registry.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";
import { createClientToolsHandler } from "./transports/http-handler.js";

// A recursive schema a client may send, and values nested far deeper than any tool's data.
const tree = {
  name: "read_tree",
  description: "Read a tree from the user.",
  parameters: { type: "object", properties: { c: { $ref: "#" } } },
  outputSchema: { type: "object", properties: { c: { $ref: "#" } } },
};

/** `{ c: { c: ... } }`, `depth` levels, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let i = 1; i < depth; i++) node = (node["c"] = {}) as Record<string, unknown>;
  return root;
}

describe("values nested deeper than the limit", () => {
  it("are refused before any validator runs, 422 over HTTP (never a stack overflow, never a 500), and the call stays open", async () => {
    const registry = new ClientToolRegistry();
    registry.scope("c1").register({ client_tools: [tree] });
    const broker = new ClientCallBroker({ tools: registry });
    const handler = createClientToolsHandler(broker, { authenticate: () => "alice", maxBodyBytes: 10 * 1024 * 1024 });
    try {
      expect(
        await broker.dispatch({
          conversationId: "c1",
          owner: "alice",
          toolName: "read_tree",
          toolCallId: "call_0",
          args: nested(50_000),
        }),
      ).toEqual({
        status: "invalid_arguments",
        errors: [{ pointer: "/c".repeat(64), message: "nests deeper than 64 levels of objects and arrays" }],
      });
      const requested = nextRequest(broker);
      const outcome = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "read_tree",
        toolCallId: "call_1",
        args: nested(3),
      });
      const request = await requested;
      const body = `{"result":${'{"c":'.repeat(50_000)}{}${"}".repeat(50_000)}}`;
      const response = await handler(
        new Request(`http://x/client-tools/${request!.requestId}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }),
      );
      expect(response.status).toBe(422);
      expect(((await response.json()) as { errors: { pointer: string }[] }).errors).toEqual([
        { pointer: "/c".repeat(64), message: "nests deeper than 64 levels of objects and arrays" },
      ]);
      await broker.submit({ requestId: request!.requestId, owner: "alice", result: nested(10) });
      await expect(outcome).resolves.toMatchObject({ status: "ok" });
    } finally {
      await broker.close();
    }
  });

  it("may be allowed deeper with maxValueDepth", async () => {
    const broker = new ClientCallBroker({ tools: registryWith(tree), maxValueDepth: 200 });
    try {
      const requested = nextRequest(broker);
      const outcome = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "read_tree",
        toolCallId: "call_1",
        args: nested(150),
      });
      const request = await requested;
      expect(request).toBeDefined();
      broker.cancel({ requestId: request!.requestId, owner: "alice" }, "done");
      await expect(outcome).resolves.toMatchObject({ status: "cancelled" });
    } finally {
      await broker.close();
    }
  });
});

function registryWith(spec: object): ClientToolRegistry {
  const registry = new ClientToolRegistry();
  registry.scope("c1").register({ client_tools: [spec] });
  return registry;
}

describe("schemas whose references would make validation exponential", () => {
  it("are refused at registration with 422 and their pointers, before ajv compiles anything", () => {
    const defs: Record<string, object> = {};
    for (let i = 0; i < 20; i++)
      defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    defs["d20"] = { type: "string" };
    const fanOut = {
      name: "fan",
      description: "Fans out.",
      outputSchema: { type: "object", properties: { x: { $ref: "#/$defs/d0" } }, $defs: defs },
    };
    const branching = {
      name: "branch",
      description: "Branches.",
      outputSchema: { type: "object", properties: { c: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } } },
    };
    expect(JSON.stringify(fanOut).length).toBeLessThan(1500);
    const registry = new ClientToolRegistry();
    for (const [spec, pointer] of [
      [fanOut, "/client_tools/0/outputSchema"],
      [branching, "/client_tools/0/outputSchema/properties/c/anyOf/1/$ref"],
    ] as const) {
      const refusal = invalidSpecRefusal(() => registry.scope("c1").register({ client_tools: [spec] }));
      expect(refusal.problems.map((p) => p.pointer)).toEqual([pointer]);
    }
  });

  it("take a budget of unfolded nodes that is the registry's option", () => {
    const defs: Record<string, object> = {};
    for (let i = 0; i < 8; i++)
      defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    defs["d8"] = { type: "string" };
    const spec = {
      name: "fan",
      description: "Fans out 2^8.",
      outputSchema: { type: "object", properties: { x: { $ref: "#/$defs/d0" } }, $defs: defs },
    };
    expect(new ClientToolRegistry().scope("c1").register(spec)).toHaveLength(1);
    const refusal = invalidSpecRefusal(() =>
      new ClientToolRegistry({ limits: { maxUnfoldedNodes: 100 } }).scope("c1").register(spec),
    );
    expect(refusal.message).toMatch(/more than 100 schema nodes.*limits\.maxUnfoldedNodes/);
  });
});
