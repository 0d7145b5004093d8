import { chat, toolDefinition } from "@tanstack/ai";
import { ChatClient, stream } from "@tanstack/ai-client";
const parameters = { type: "object", properties: { file_path: { type: "string" }, line: { type: "integer" } }, required: ["file_path"], additionalProperties: false };
const loc = { type: "object", properties: {} };
const defs = [
  toolDefinition({ name: "open_file_viewer", description: "Open", inputSchema: structuredClone(parameters), outputSchema: { type: "object", properties: { opened: { type: "boolean" } } } }),
  toolDefinition({ name: "get_location", description: "Loc", inputSchema: structuredClone(loc) }),
];
const requests = [];
let turn = 0;
const adapter = {
  kind: "text", name: "scripted", model: "m", "~types": {},
  async *chatStream(options) {
    requests.push(options);
    const t = turn++;
    const base = { timestamp: Date.now(), model: "m" };
    if (t === 0) {
      yield { type: "RUN_STARTED", runId: options.runId, threadId: options.threadId, ...base };
      yield { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "open_file_viewer", toolName: "open_file_viewer", ...base };
      yield { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '{"file_path":"a.md"}', ...base };
      yield { type: "TOOL_CALL_END", toolCallId: "c1", ...base };
      yield { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "open_file_viewer", toolName: "open_file_viewer", ...base };
      yield { type: "TOOL_CALL_ARGS", toolCallId: "c2", delta: '{"file_path":1}', ...base };
      yield { type: "TOOL_CALL_END", toolCallId: "c2", ...base };
      yield { type: "RUN_FINISHED", runId: options.runId, threadId: options.threadId, finishReason: "tool_calls", ...base };
    } else {
      yield { type: "RUN_STARTED", runId: options.runId, threadId: options.threadId, ...base };
      yield { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant", ...base };
      yield { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "done", ...base };
      yield { type: "TEXT_MESSAGE_END", messageId: "m2", ...base };
      yield { type: "RUN_FINISHED", runId: options.runId, threadId: options.threadId, finishReason: "stop", ...base };
    }
  },
  async structuredOutput() { return { data: null, rawText: "" }; },
};
const client = new ChatClient({
  connection: { async *connect(messages, data, signal, ctx) { console.log("REQ", JSON.stringify({ t: ctx?.threadId, r: ctx?.runId, resume: ctx?.resume })); yield* chat({ adapter, messages, tools: defs, threadId: ctx.threadId, runId: ctx.runId, ...(ctx.resume ? { resume: ctx.resume } : {}), ...(ctx.parentRunId ? { parentRunId: ctx.parentRunId } : {}) }); } },
  tools: [defs[0].client(async (args) => { console.log("client exec", args); if (typeof args.file_path !== "string") throw new Error("bad args"); return { opened: true }; }), defs[1].client(async () => ({ city: "Lisbon" }))],
});
await client.sendMessage("hi");
await new Promise((r) => setTimeout(r, 1500));
console.log("requests", requests.length, JSON.stringify(requests[0].tools.map(t => [t.name, t.inputSchema])));
console.log("MSGS2", JSON.stringify(requests[1]?.messages, null, 0));
console.log(JSON.stringify(client.getMessages?.() ?? client.messages, null, 0).slice(0, 1500));
console.log(Object.getOwnPropertyNames(Object.getPrototypeOf(client)).filter((n) => /nterrupt/i.test(n)));
console.log(JSON.stringify(client.getInterrupts?.() ?? client.getPendingInterrupts?.(), null, 0)?.slice(0, 2000));
