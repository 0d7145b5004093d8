import { describe, expect, it } from "vitest";
import { exportClientTools } from "../export/export-client-tools.js";
import { ClientToolRegistry } from "../registry/registry.js";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import { outcomeToObservation } from "../wire/observation.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";

const pickDate = {
  name: "pick_date",
  description: "Ask the user for a date.",
  parameters: {
    type: "object",
    properties: { title: { type: "string" }, earliest: { type: "string", format: "date" } },
    required: ["title"],
    additionalProperties: false,
  },
  outputSchema: { type: "object", properties: { date: { type: "string" } }, required: ["date"] },
};

describe("the model's arguments", () => {
  const sources = {
    "a spec list the server hands the broker": () => parseClientToolSpecs([pickDate]),
    "a conversation's own registered tools": () => {
      const registry = new ClientToolRegistry();
      registry.scope("c1").register({ client_tools: [pickDate] });
      return registry.scope("c1");
    },
  };
  it.each(Object.keys(sources) as (keyof typeof sources)[])(
    "are checked against parameters before the client is asked (%s): an invalid call ends at once, naming the pointers",
    async (source) => {
      const broker = new ClientCallBroker({ tools: sources[source]() });
      const requested: unknown[] = [];
      broker.on("requested", (call) => requested.push(call));
      try {
        const outcome = await broker.dispatch({
          conversationId: "c1",
          owner: "alice",
          toolName: "pick_date",
          toolCallId: "call_1",
          args: { earliest: "yesterday", colour: "red" },
        });
        expect(outcome).toEqual({
          status: "invalid_arguments",
          errors: [
            { pointer: "/title", message: "must have required property 'title'" },
            { pointer: "/colour", message: "must NOT have additional properties" },
            { pointer: "/earliest", message: 'must match format "date"' },
          ],
        });
        expect(requested).toEqual([]);
        expect(await broker.pending({ owner: "alice" })).toEqual([]);
        expect(outcomeToObservation(outcome)).toEqual({
          kind: "ClientToolObservation",
          content: [
            {
              type: "text",
              text: "The arguments do not match the tool's parameters, so the call was not sent to the user's client: /title must have required property 'title'; /colour must NOT have additional properties; /earliest must match format \"date\". Call the tool again with arguments that match its schema.",
            },
          ],
          is_error: true,
        });
        // Valid arguments go through.
        const sent = nextRequest(broker);
        const valid = broker.dispatch({
          conversationId: "c1",
          owner: "alice",
          toolName: "pick_date",
          toolCallId: "call_2",
          args: { title: "Trip" },
        });
        await sent;
        expect(await broker.pending({ owner: "alice" })).toHaveLength(1);
        broker.cancel({ requestId: (await broker.pending({ owner: "alice" }))[0]!.requestId, owner: "alice" }, "done");
        await expect(valid).resolves.toMatchObject({ status: "cancelled" });
      } finally {
        await broker.close();
      }
    },
  );
});

describe("a broker given the export of a strict variant (strictArguments)", () => {
  it("maps the model's arguments back to the tool's own shape before checking, storing and sending them", async () => {
    const tools = parseClientToolSpecs([
      {
        name: "find_room",
        description: "Find a room.",
        parameters: {
          type: "object",
          properties: { city: { type: "string" }, floor: { type: "integer" } },
          required: ["city"],
        },
        outputSchema: { type: "object", properties: { room: { type: "string" } }, required: ["room"] },
      },
    ]);
    const exported = exportClientTools(tools, "openai-chat", { strict: "compile" });
    expect(exported.tools[0]!.function.strict).toBe(true);
    const broker = new ClientCallBroker({ tools, strictArguments: exported });
    try {
      const sent = nextRequest(broker);
      const outcome = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "find_room",
        toolCallId: "call_1",
        args: { city: "Lyon", floor: null },
      });
      const request = await sent;
      expect(request.args).toEqual({ city: "Lyon" });
      await broker.submit({ requestId: request.requestId, owner: "alice", result: { room: "12" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { room: "12" } });
      // Without the mapping, the variant's null is what the original refuses.
      const plain = new ClientCallBroker({ tools });
      await expect(
        plain.dispatch({
          conversationId: "c1",
          owner: "alice",
          toolName: "find_room",
          toolCallId: "call_2",
          args: { city: "Lyon", floor: null },
        }),
      ).resolves.toMatchObject({ status: "invalid_arguments" });
      await plain.close();
    } finally {
      await broker.close();
    }
  });
});
