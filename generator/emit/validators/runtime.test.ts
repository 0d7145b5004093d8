import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ClientToolRequest, type ClientToolValidators, createClientToolRunner } from "@gen-client-tools/runtime";
import { CONTENT_RESULT_SCHEMA, parseClientToolSpecs } from "@gen-client-tools/runtime/core";
import { ClientCallBroker, ClientResultInvalidError } from "@gen-client-tools/runtime/server";
import type { ClientToolAnswerMessage } from "@gen-client-tools/runtime/wire";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DECIMAL_CASES } from "../../../test-support/decimal-cases.js";
import { generate } from "../../generate.js";
import { writeGenerated } from "../../write-generated.js";
import { removeTempProjects, tempProject } from "./__fixtures__/project.js";
import { contact } from "./__fixtures__/specs.js";

// The generated map's static type is checked against the runtime's by examples/validators
// (consumer.ts, under tsc); here its values go through the real runner and broker.
let clientToolValidators: ClientToolValidators;

let validatePriceArgs: (data: unknown) => boolean;
let clientToolSchemas: Record<string, Record<string, StandardSchemaV1 & StandardJSONSchemaV1>>;

beforeAll(async () => {
  const project = tempProject({
    "contact.json": contact,
    "nested.json": {
      name: "nest",
      description: "A recursive root.",
      parameters: { type: "object", properties: { child: { $ref: "#" }, n: { type: "integer" } } },
    },
    "price.json": {
      name: "set_price",
      description: "Set a price.",
      parameters: {
        type: "object",
        properties: { price: { type: "number", multipleOf: 0.01 }, step: { type: "number", multipleOf: 0.1 } },
      },
    },
    "ask.json": { name: "ask_user", description: "Ask the user; the answer is text for the model.", awaited: true },
    // JSON.parse: an object literal's `__proto__` would set the prototype.
    "proto.json": JSON.parse(
      '{"name":"proto_named","description":"A property named __proto__.","parameters":{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__","constructor"],"additionalProperties":false}}',
    ) as object,
  });
  const result = await generate({ cwd: project, stubs: false, validators: true });
  writeGenerated(result);
  const index = pathToFileURL(path.join(project, "src/client-tools.gen/validators/index.ts")).href;
  ({ clientToolValidators } = (await import(index)) as { clientToolValidators: ClientToolValidators });
  validatePriceArgs = clientToolValidators["set_price"]!.args as (data: unknown) => boolean;
  const schemas = pathToFileURL(path.join(project, "src/client-tools.gen/validators/standard-schemas.ts")).href;
  ({ clientToolSchemas } = (await import(schemas)) as { clientToolSchemas: typeof clientToolSchemas });
});
afterAll(removeTempProjects);

const request = (args: ClientToolRequest["args"]): ClientToolRequest => ({
  requestId: `r-${JSON.stringify(args)}`,
  conversationId: "c1",
  toolName: "save_contact",
  toolCallId: "call_1",
  args,
  attempt: 1,
  expiresAt: Date.now() + 60_000,
});

describe("the generated clientToolValidators in the runtime", () => {
  it("check a property named __proto__ (or constructor) like any other: its type, its presence, and additionalProperties", () => {
    const validate = clientToolValidators["proto_named"]!.args!;
    expect(validate(JSON.parse('{"__proto__": "s", "constructor": "c"}'))).toBe(true);
    expect(validate(JSON.parse('{"__proto__": {"a": 1}, "constructor": "c"}'))).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ instancePath: "/__proto__", message: "must be string" }),
    ]);
    expect(validate({ constructor: "c" })).toBe(false);
    expect(validate(JSON.parse('{"__proto__": "s"}'))).toBe(false);
  });

  it("checks arguments in createClientToolRunner: invalid ones never reach the handler", async () => {
    const sent: ClientToolAnswerMessage[] = [];
    const handler = vi.fn(() => ({ saved: true }));
    const runner = createClientToolRunner({
      handlers: { save_contact: handler },
      send: (message) => void sent.push(message),
      validators: clientToolValidators,
    });

    await runner.handle(request({ name: "Anna", email: "not an email" }));
    await runner.handle(request({ name: "Ann" }));
    runner.close();
    expect(handler).toHaveBeenCalledOnce();
    expect(sent).toEqual([
      expect.objectContaining({
        type: "client_tool.error",
        error:
          'Invalid arguments for save_contact: /name must NOT have more than 3 characters; /email must match format "email".',
        retryable: false,
      }),
      expect.objectContaining({ type: "client_tool.result", result: { saved: true } }),
    ]);
  });

  it("checks results in ClientCallBroker, without compiling anything itself", async () => {
    const compile = vi.spyOn(Ajv2020.prototype, "compile");
    const broker = new ClientCallBroker({ tools: parseClientToolSpecs([contact]), validators: clientToolValidators });
    const requests: ClientToolRequest[] = [];
    broker.on("requested", (call) => requests.push(call.request));
    const outcome = broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "save_contact",
      toolCallId: "call_1",
      args: { name: "Ann" },
    });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const { requestId } = requests[0]!;

    const refused = await broker
      .submit({ requestId, owner: "alice", result: { saved: "yes", extra: 1 } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClientResultInvalidError);
    expect((refused as ClientResultInvalidError).errors).toEqual([
      { pointer: "/extra", message: "must NOT have additional properties" },
      { pointer: "/saved", message: "must be boolean" },
    ]);
    await broker.submit({ requestId, owner: "alice", result: { saved: true } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { saved: true } });
    await broker.close();
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });

  it.each(DECIMAL_CASES.filter(([multipleOf]) => multipleOf === 0.01 || multipleOf === 0.1))(
    "takes %d's multiples as decimals in the generated validator: %d is one: %s",
    (multipleOf, value, isMultiple) => {
      expect(validatePriceArgs({ [multipleOf === 0.01 ? "price" : "step"]: value })).toBe(isMultiple);
    },
  );

  it('validates a schema whose root is recursive ("$ref": "#"), to any depth', () => {
    const validate = clientToolValidators["nest"]!.args as ((data: unknown) => boolean) & {
      errors?: { instancePath: string }[] | null;
    };
    expect(validate({ child: { child: { n: 1 } } })).toBe(true);
    expect(validate({ child: { child: { n: "one" } } })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(["/child/child/n"]);
  });
});

describe("the generated clientToolSchemas", () => {
  it("validate with the generated validators, and give the spec's schema as written", async () => {
    const args = clientToolSchemas["save_contact"]!["args"]!;
    expect(await args["~standard"].validate({ name: "Ann" })).toEqual({ value: { name: "Ann" } });
    expect(await args["~standard"].validate({ name: "Anna", email: "not an email" })).toEqual({
      issues: [
        { message: "must NOT have more than 3 characters", path: ["name"] },
        { message: 'must match format "email"', path: ["email"] },
      ],
    });
    expect(args["~standard"].jsonSchema.input({ target: "draft-2020-12" })).toEqual(contact.parameters);
    expect(Object.keys(clientToolSchemas).sort()).toEqual([
      "ask_user",
      "nest",
      "proto_named",
      "save_contact",
      "set_price",
    ]);
  });

  it("check the text answer of a tool awaited without an outputSchema, and give the content result schema as its result schema", async () => {
    const result = clientToolSchemas["ask_user"]!["result"]!;
    const answer = { content: [{ type: "text", text: "Yes." }] };
    expect(await result["~standard"].validate(answer)).toEqual({ value: answer });
    expect(await result["~standard"].validate({ text: "Yes." })).toMatchObject({
      issues: expect.arrayContaining([expect.objectContaining({ message: "must have required property 'content'" })]),
    });
    expect(result["~standard"].jsonSchema.output({ target: "draft-07" })).toEqual(CONTENT_RESULT_SCHEMA);
    // The broker takes the generated validator for it, too.
    const broker = new ClientCallBroker({
      tools: parseClientToolSpecs([{ name: "ask_user", description: "Ask.", awaited: true }]),
      validators: clientToolValidators,
    });
    try {
      const requested = new Promise<ClientToolRequest>((resolve) =>
        broker.on("requested", ({ request }) => resolve(request)),
      );
      const outcome = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "ask_user",
        toolCallId: "call_1",
        args: {},
      });
      const { requestId } = await requested;
      await expect(broker.submit({ requestId, owner: "alice", result: { content: "Yes." } })).rejects.toBeInstanceOf(
        ClientResultInvalidError,
      );
      await broker.submit({ requestId, owner: "alice", result: answer });
      await expect(outcome).resolves.toEqual({ status: "ok", result: answer });
    } finally {
      await broker.close();
    }
  });
});
