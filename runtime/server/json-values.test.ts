import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReadmeServer, startReadmeServer } from "./__fixtures__/readme-server.js";

// Values JSON Schema does not mean, sent as JSON text to the README's server (a process of its own):
// a number that parses to Infinity, and a property named __proto__.

let server: ReadmeServer;
beforeAll(async () => {
  server = await startReadmeServer();
});
afterAll(() => server.stop());

const TOOL =
  '{"name":"measure","description":"A tool of the client\'s.","outputSchema":{"type":"object","properties":{"n":{"type":"number"},"__proto__":{"type":"string"}}}}';

async function openCall(conversationId: string, args: string): Promise<string> {
  expect(
    (await server.fetch("mallory", `/conversations/${conversationId}`, { body: `{"client_tools":[${TOOL}]}` })).status,
  ).toBe(201);
  expect(
    (
      await server.fetch("mallory", "/dispatch", {
        body: `{"conversationId":"${conversationId}","toolName":"measure","toolCallId":"call_1","args":${args}}`,
      })
    ).status,
  ).toBe(202);
  for (;;) {
    const { requests } = (await (await server.fetch("mallory", "/client-tools")).json()) as {
      requests: { requestId: string; conversationId: string }[];
    };
    const request = requests.find((r) => r.conversationId === conversationId);
    if (request !== undefined) return request.requestId;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("JSON values as JSON Schema means them", () => {
  it("refuses an answer whose number parses to Infinity (was: accepted, and the model got null) and an object where __proto__ is declared a string (was: accepted), with 422", {
    timeout: 30_000,
  }, async () => {
    const requestId = await openCall("j1", "{}");
    const post = (body: string) => server.fetch("mallory", `/client-tools/${requestId}`, { body });
    const infinite = await post('{"result":{"n":1e400}}');
    expect(infinite.status).toBe(422);
    expect(await infinite.json()).toMatchObject({
      errors: [
        { pointer: "/n", message: "is a number JSON cannot hold (it overflows to Infinity): send a finite number" },
      ],
    });
    const proto = await post('{"result":{"__proto__":{"polluted":true}}}');
    expect(proto.status).toBe(422);
    expect(await proto.json()).toMatchObject({ errors: [{ pointer: "/__proto__", message: "must be string" }] });
    expect((await post('{"result":{"n":-1e308,"__proto__":"fine"}}')).status).toBe(200);
    expect(await (await server.fetch("mallory", "/outcome/j1/call_1")).json()).toEqual({
      status: "ok",
      result: JSON.parse('{"n":-1e308,"__proto__":"fine"}'),
    });
  });

  it("refuses arguments that hold such a number before the client hears of the call, and a spec that does at registration (422, with the pointer)", {
    timeout: 30_000,
  }, async () => {
    expect((await server.fetch("mallory", "/conversations/j2", { body: `{"client_tools":[${TOOL}]}` })).status).toBe(
      201,
    );
    expect(
      (
        await server.fetch("mallory", "/dispatch", {
          body: '{"conversationId":"j2","toolName":"measure","toolCallId":"call_1","args":{"n":-1e999}}',
        })
      ).status,
    ).toBe(202);
    let outcome: Response;
    while ((outcome = await server.fetch("mallory", "/outcome/j2/call_1")).status === 404)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await outcome.json()).toEqual({
      status: "invalid_arguments",
      errors: [
        { pointer: "/n", message: "is a number JSON cannot hold (it overflows to Infinity): send a finite number" },
      ],
    });

    const spec = await server.fetch("mallory", "/conversations/j3", {
      body: '{"client_tools":[{"name":"t","description":"d","parameters":{"type":"object","properties":{"n":{"type":"number","default":1e400}}}}]}',
    });
    expect(spec.status).toBe(422);
    expect(await spec.json()).toEqual({
      detail:
        "Invalid client tool spec: /0/parameters/properties/n/default: Infinity is not a JSON number: use a finite number",
    });
  });
});
