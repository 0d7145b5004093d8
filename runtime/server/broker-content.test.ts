import { describe, expect, it } from "vitest";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import { ClientResultInvalidError } from "../wire/errors.js";
import { outcomeToObservation } from "../wire/observation.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";

const [ask, openViewer] = parseClientToolSpecs([
  {
    name: "ask_user",
    description: "Ask the user a question.",
    parameters: { type: "object", properties: { question: { type: "string" } } },
    awaited: true,
  },
  { name: "open_viewer", description: "Open the viewer (fire-and-forget)." },
]);
const call = {
  conversationId: "c1",
  owner: "alice",
  toolName: "ask_user",
  toolCallId: "call_1",
  args: { question: "Which file?" },
};

describe('a tool awaited without an outputSchema ("awaited": true)', () => {
  it("is dispatched and answered with text for the model, checked against the content result's shape", async () => {
    const broker = new ClientCallBroker({ tools: [ask!, openViewer!] });
    try {
      const sent = nextRequest(broker);
      const outcome = broker.dispatch(call);
      const { requestId } = await sent;
      for (const wrong of [
        { text: "README.md" },
        { content: [{ type: "image", data: "…" }] },
        { content: [{ type: "text", text: "x" }], isError: "no" },
        "README.md",
      ]) {
        await expect(broker.submit({ requestId, owner: "alice", result: wrong })).rejects.toBeInstanceOf(
          ClientResultInvalidError,
        );
      }
      const answer = { content: [{ type: "text", text: "README.md, please." }], isError: false };
      await broker.submit({ requestId, owner: "alice", result: answer });
      const ended = await outcome;
      expect(ended).toEqual({ status: "ok", result: answer });
      // Given its tool, the observation is the text itself; without it, the result's JSON.
      expect(outcomeToObservation(ended, ask)).toEqual({
        kind: "ClientToolObservation",
        content: [{ type: "text", text: "README.md, please." }],
        is_error: false,
      });
      expect(outcomeToObservation(ended).content[0]!.text).toBe(JSON.stringify(answer));
    } finally {
      await broker.close();
    }
  });

  it("passes a failure the client reports in its text on to the model as an error", async () => {
    const broker = new ClientCallBroker({ tools: [ask!] });
    try {
      const sent = nextRequest(broker);
      const outcome = broker.dispatch(call);
      const { requestId } = await sent;
      await broker.submit({
        requestId,
        owner: "alice",
        result: { content: [{ type: "text", text: "The user closed the dialog." }], isError: true },
      });
      expect(outcomeToObservation(await outcome, ask)).toMatchObject({
        is_error: true,
        content: [{ text: "The user closed the dialog." }],
      });
    } finally {
      await broker.close();
    }
  });

  it("is refused by dispatch when the tool is fire-and-forget, naming both ways to make it awaited", async () => {
    const broker = new ClientCallBroker({ tools: [openViewer!] });
    try {
      await expect(broker.dispatch({ ...call, toolName: "open_viewer" })).rejects.toThrow(
        /no outputSchema \(nor "awaited": true\)/,
      );
    } finally {
      await broker.close();
    }
  });
});
