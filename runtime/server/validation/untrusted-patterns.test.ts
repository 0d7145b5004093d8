import { describe, expect, it } from "vitest";
import { growthRatio, LINEAR_BOUND } from "../../../test-support/growth.js";
import { invalidSpecRefusal } from "../../registry/__fixtures__/refusal.js";
import { ClientToolRegistry } from "../../registry/registry.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { ClientResultInvalidError } from "../../wire/errors.js";
import { nextRequest } from "../__fixtures__/next-request.js";
import { ClientCallBroker } from "../broker.js";
import { type AwaitedSpec, createResultChecker } from "./result-validation.js";

// A spec a client sends when it creates a conversation, with a pattern that backtracks
// exponentially under ECMA-262 RegExp: "a" x 27 + "!" took 12 s there.
const evil = {
  name: "get_code",
  description: "Ask the user for a code.",
  outputSchema: { type: "object", properties: { code: { type: "string", pattern: "^(a+)+$" } }, required: ["code"] },
};

describe("patterns of specs a client registers", () => {
  it("are matched in linear time: the 40-byte attack answer is refused at once, and the answer's length only scales the work", async () => {
    const registry = new ClientToolRegistry();
    const [tool] = registry.scope("c1").register({ client_tools: [evil] });
    const broker = new ClientCallBroker({ tools: registry.scope("c1") });
    try {
      const requested = nextRequest(broker);
      const outcome = broker.dispatch({
        conversationId: "c1",
        owner: "mallory",
        toolName: "get_code",
        toolCallId: "call_1",
        args: {},
      });
      const request = await requested;
      const attack = broker.submit({
        requestId: request!.requestId,
        owner: "mallory",
        result: { code: `${"a".repeat(27)}!` },
      });
      await expect(attack).rejects.toBeInstanceOf(ClientResultInvalidError);
      await broker.submit({ requestId: request!.requestId, owner: "mallory", result: { code: "aaaa" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { code: "aaaa" } });
    } finally {
      await broker.close();
    }

    const check = createResultChecker(undefined);
    const spec = tool!.spec as AwaitedSpec;
    const ratio = await growthRatio((n) => {
      const answer = { code: `${"a".repeat(n)}!` };
      return async () => expect(await check(spec, tool!.fingerprints.outputSchema, answer)).toBeDefined();
    }, 20_000);
    expect(ratio).toBeLessThan(LINEAR_BOUND);
  });

  it("are refused at registration, with their pointers, when no linear-time engine can match them (lookaround, backreferences)", () => {
    const registry = new ClientToolRegistry();
    const spec = {
      name: "pick",
      description: "Pick.",
      parameters: {
        type: "object",
        properties: { a: { type: "string", pattern: "^(?!admin).*$" } },
        patternProperties: { "^(x)\\1$": { type: "string" } },
      },
    };
    const refusal = invalidSpecRefusal(() => registry.scope("c1").register({ client_tools: [spec] }));
    expect(refusal.problems.map((p) => p.pointer)).toEqual([
      "/client_tools/0/parameters/properties/a/pattern",
      "/client_tools/0/parameters/patternProperties/^(x)\\1$",
    ]);
    expect(refusal.message).toContain("cannot be matched in linear time");
  });

  it("keep ECMA-262 where the server wrote the spec: a spec list handed to the broker may use lookahead", async () => {
    const tools = parseClientToolSpecs([
      {
        name: "pin",
        description: "Ask for a PIN.",
        outputSchema: { type: "object", properties: { pin: { type: "string", pattern: "^(?=\\d{4}$)\\d+$" } } },
      },
    ]);
    const broker = new ClientCallBroker({ tools });
    try {
      const requested = nextRequest(broker);
      const outcome = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "pin",
        toolCallId: "call_1",
        args: {},
      });
      const request = await requested;
      await expect(
        broker.submit({ requestId: request!.requestId, owner: "alice", result: { pin: "12345" } }),
      ).rejects.toBeInstanceOf(ClientResultInvalidError);
      await broker.submit({ requestId: request!.requestId, owner: "alice", result: { pin: "1234" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { pin: "1234" } });
    } finally {
      await broker.close();
    }
  });
});
