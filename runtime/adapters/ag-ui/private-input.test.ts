import { EventSchema, RunAgentInputSchema, RunFinishedEventSchema, ToolMessageSchema } from "@ag-ui/core/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClientCallBroker } from "../../server/broker.js";
import { type Listening, listen, waitFor } from "../../server/transports/__fixtures__/net.js";
import { toNodeListener } from "../../server/transports/node-listener.js";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import {
  type AgUiInterruptLike,
  acceptAgUiPrivateInputs,
  acceptAgUiToolMessage,
  handleAgUiToolCall,
  resumeAgUiPrivateInputs,
  toAgUiRunFinishedEvent,
} from "./index.js";

const CANARY = "canary-agui-93be-private";
const tools = parseClientToolSpecs([
  {
    name: "connect_account",
    description: "Connect the requested service with credentials the user enters.",
    parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
    privateInput: {
      schema: { type: "object", properties: { token: { type: "string", minLength: 1 } }, required: ["token"] },
      response: { status: "connected" },
    },
  },
]);

let broker: ClientCallBroker;
let server: Listening;
let taken: unknown[];
let outcomes: Map<string, Promise<ClientCallOutcome>>;
/** What the app's agent was handed of each run after the private inputs were taken out. */
let handedOn: unknown[];

/**
 * A minimal AG-UI agent: a run first hands its resume entries to `acceptAgUiPrivateInputs`; a
 * run that resumed nothing calls connect_account and stops on its private_input interrupt.
 */
beforeEach(async () => {
  taken = [];
  handedOn = [];
  outcomes = new Map();
  broker = new ClientCallBroker({ tools, privateInputs: { connect_account: async (value) => void taken.push(value) } });
  const requests: Parameters<typeof toAgUiRunFinishedEvent>[0]["privateInputs"] & unknown[] = [];
  broker.on("requested", ({ request }) => void requests.push(request));
  server = await listen(
    toNodeListener(async (http) => {
      const owner = http.headers.get("x-owner")!;
      const input = RunAgentInputSchema.parse(await http.json());
      const { taken: answered, rest } = await acceptAgUiPrivateInputs(broker, {
        owner,
        conversationId: input.threadId,
        resume: input.resume,
      });
      const refused: number[] = [];
      for (const message of input.messages)
        await acceptAgUiToolMessage(broker, { owner, conversationId: input.threadId, message }).catch(
          (error: { status: number }) => refused.push(error.status),
        );
      handedOn.push({ ...input, resume: rest });
      if (answered.length > 0 || refused.length > 0) return Response.json({ answered, refused });
      const toolCallId = `call_${requests.length}`;
      outcomes.set(
        toolCallId,
        broker.dispatch({
          conversationId: input.threadId,
          owner,
          toolName: "connect_account",
          toolCallId,
          args: { service: "github" },
        }),
      );
      const request = await waitFor(() => requests.find((r) => r.toolCallId === toolCallId), "the run's request");
      const events = [
        { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
        toAgUiRunFinishedEvent({ threadId: input.threadId, runId: input.runId, privateInputs: [request] }),
      ];
      return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), {
        headers: { "content-type": "text/event-stream" },
      });
    }),
  );
});
afterEach(async () => {
  await server.close();
  await broker.close();
});

async function run(body: { messages?: unknown[]; resume?: unknown[] }): Promise<Response> {
  const input = {
    threadId: "thread_1",
    runId: `run_${Math.random()}`,
    state: {},
    messages: body.messages ?? [],
    tools: [],
    context: [],
    forwardedProps: {},
    ...(body.resume && { resume: body.resume }),
  };
  return fetch(`${server.origin}/agent`, {
    method: "POST",
    headers: { "x-owner": "alice", "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}

async function interruptsOf(response: Response): Promise<AgUiInterruptLike[]> {
  const events = (await response.text())
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => EventSchema.parse(JSON.parse(block.slice("data: ".length))));
  const finished = RunFinishedEventSchema.parse(events.at(-1));
  return finished.outcome?.type === "interrupt" ? finished.outcome.interrupts : [];
}

describe("a private input over AG-UI", () => {
  it("stops the run on a private_input interrupt with the value's schema, and takes the value from the next run's resume, out of what the agent is handed", {
    timeout: 10_000,
  }, async () => {
    const interrupts = await interruptsOf(
      await run({ messages: [{ id: "u1", role: "user", content: "Connect GitHub." }] }),
    );
    expect(interrupts).toEqual([
      {
        id: "call_0",
        reason: "private_input",
        toolCallId: "call_0",
        message: expect.stringContaining("goes to the server alone"),
        responseSchema: tools[0]!.privateInput!.schema,
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        metadata: { toolName: "connect_account", args: { service: "github" } },
      },
    ]);
    // The frontend collects the value with the app's handler and resumes with it, nowhere else.
    const resume = await resumeAgUiPrivateInputs(interrupts, (prompt) => {
      expect(prompt).toMatchObject({ toolName: "connect_account", args: { service: "github" } });
      return { token: CANARY };
    });
    const other = { interruptId: "approval_1", status: "resolved", payload: { approved: true } };
    const answer = await run({
      messages: [{ id: "u1", role: "user", content: "Connect GitHub." }],
      resume: [...resume, other],
    });
    expect(await answer.json()).toEqual({ answered: [{ interruptId: "call_0", status: 200 }], refused: [] });
    await expect(outcomes.get("call_0")).resolves.toEqual({ status: "ok", result: { status: "connected" } });
    expect(taken).toEqual([{ token: CANARY }]);
    // The app's agent got the other resume entry, and nothing of the value.
    expect(JSON.stringify(handedOn)).not.toContain(CANARY);
    expect((handedOn.at(-1) as { resume: unknown[] }).resume).toEqual([other]);
    // Sent again (a replayed run), it is consumed and refused, never handed on.
    const again = await run({ resume });
    expect(await again.json()).toEqual({ answered: [{ interruptId: "call_0", status: 409 }], refused: [] });
    expect(JSON.stringify(handedOn)).not.toContain(CANARY);
  });

  it("dismisses the prompt when the frontend's collect throws, and refuses a ToolMessage carrying the value", {
    timeout: 10_000,
  }, async () => {
    const first = await interruptsOf(await run({}));
    const dismissed = await resumeAgUiPrivateInputs(first, () => {
      throw new Error("closed");
    });
    expect(dismissed).toEqual([{ interruptId: "call_0", status: "cancelled" }]);
    await run({ resume: dismissed });
    await expect(outcomes.get("call_0")).resolves.toEqual({
      status: "cancelled",
      reason: "the user dismissed the prompt",
      dismissed: true,
    });

    await interruptsOf(await run({}));
    const message = ToolMessageSchema.parse({
      id: "m1",
      role: "tool",
      toolCallId: "call_1",
      content: JSON.stringify({ token: CANARY }),
    });
    expect(await (await run({ messages: [message] })).json()).toEqual({ answered: [], refused: [400] });
    expect(taken).toEqual([]);
  });

  it("is left to the interrupt by the frontend's tool-call handling: no ToolMessage is made for it", async () => {
    let called = 0;
    const message = await handleAgUiToolCall(
      { toolCallId: "call_0", toolCallName: "connect_account", toolCallArgs: {} },
      async (name) => {
        called++;
        return { ok: false, name, reason: "private_input", message: "takes a private input" };
      },
    );
    expect(message).toBeUndefined();
    expect(called).toBe(1);
  });
});
