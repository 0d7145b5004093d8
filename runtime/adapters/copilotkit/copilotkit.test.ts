import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CopilotKitCore } from "@copilotkit/core";
import { schemaToJsonSchema } from "@copilotkit/shared";
import { Observable } from "rxjs";
import { describe, expect, it } from "vitest";
import { clientToolSpecs, dispatchToolCall } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolSchemas } from "../../../examples/frameworks/src/client-tools.gen/validators/standard-schemas.js";
import { DISPATCHED_TEXT } from "../../wire/observation.js";
import { handlers, shown } from "../__fixtures__/frameworks-page.js";
import { type ToolCallDispatch, toCopilotKitFrontendTools, toCopilotKitHumanInTheLoopTools } from "./index.js";

// The client tools through CopilotKit's own core (what its React hooks register tools with) and
// an AG-UI agent of the @ag-ui/client version CopilotKit itself depends on: the agent calls the
// tools, the core runs the frontend handlers and runs the agent again with their results.

type AgentModule = typeof import("@ag-ui/client");
const coreRequire = createRequire(
  path.join(path.dirname(createRequire(import.meta.url).resolve("@copilotkit/core")), "index.js"),
);
const agUi = (await import(
  pathToFileURL(path.join(path.dirname(coreRequire.resolve("@ag-ui/client/package.json")), "dist/index.mjs")).href
)) as AgentModule;

type Call = { readonly id: string; readonly name: string; readonly args: string };
interface RunInput {
  readonly threadId: string;
  readonly runId: string;
  readonly tools: readonly { readonly name: string; readonly parameters?: unknown }[];
  readonly messages: readonly { readonly role: string; readonly toolCallId?: string; readonly content?: unknown }[];
}

/** An AG-UI agent that calls the tools in its first run and answers in text in the next. */
class ScriptedAgent extends agUi.AbstractAgent {
  readonly runs: RunInput[] = [];
  constructor(private readonly calls: readonly Call[]) {
    super({ agentId: "scripted" });
  }
  override run(input: RunInput): Observable<never> {
    this.runs.push(structuredClone(input));
    const first = this.runs.length === 1;
    return new Observable((subscriber) => {
      const ids = { threadId: input.threadId, runId: input.runId };
      const emit = (event: object) => subscriber.next(event as never);
      emit({ type: "RUN_STARTED", ...ids });
      if (first) {
        for (const call of this.calls) {
          emit({ type: "TOOL_CALL_START", toolCallId: call.id, toolCallName: call.name, parentMessageId: "m1" });
          emit({ type: "TOOL_CALL_ARGS", toolCallId: call.id, delta: call.args });
          emit({ type: "TOOL_CALL_END", toolCallId: call.id });
        }
      } else {
        emit({ type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" });
        emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "Done." });
        emit({ type: "TEXT_MESSAGE_END", messageId: "m2" });
      }
      emit({ type: "RUN_FINISHED", ...ids });
      subscriber.complete();
    });
  }
  override clone(): this {
    return this;
  }
}

const dispatch: ToolCallDispatch = (name, args) => dispatchToolCall(name, args, handlers);

describe("the CopilotKit adapter", () => {
  it("gives CopilotKit each schema as written (its own conversion, draft-07 asked), with the spec's name and description", () => {
    const tools = toCopilotKitFrontendTools(clientToolSpecs, clientToolSchemas, dispatch);
    for (const spec of clientToolSpecs) {
      const tool = tools[spec.name as keyof typeof tools];
      expect([tool.name, tool.description]).toEqual([spec.name, spec.description]);
      expect(JSON.stringify(schemaToJsonSchema(tool.parameters!))).toBe(JSON.stringify(spec.parameters));
    }
    const confirm = toCopilotKitHumanInTheLoopTools(clientToolSpecs, clientToolSchemas).open_file_viewer;
    expect(Object.keys(confirm).sort()).toEqual(["description", "name", "parameters"]);
  });

  it("runs the agent's calls through the generated handlers and runs the agent again with their results; a kind parameter arrives intact, an invalid call is answered with its reason", async () => {
    shown.length = 0;
    const agent = new ScriptedAgent([
      { id: "c1", name: "show_toast", args: '{"text":"Opening","kind":"info"}' },
      { id: "c2", name: "open_file_viewer", args: '{"file_path":"README.md","line":3}' },
      { id: "c3", name: "get_location", args: "{}" },
      { id: "c4", name: "open_file_viewer", args: '{"file_path":"README.md","line":0}' },
      { id: "c5", name: "show_toast", args: '{"text":"Hi","kind":"info","colour":"red"}' },
    ]);
    const core = new CopilotKitCore({});
    const tools = toCopilotKitFrontendTools(clientToolSpecs, clientToolSchemas, dispatch);
    core.addTool(tools.get_location);
    core.addTool(tools.open_file_viewer);
    core.addTool(tools.show_toast);
    await core.runAgent({ agent: agent as never });

    expect(agent.runs.length).toBe(2);
    // CopilotKit's core deletes every additionalProperties before the agent sees the tools (its
    // createToolSchema); the rest arrives as written, and the page's validators still refuse extra keys.
    expect(agent.runs[0]!.tools.map((tool) => [tool.name, JSON.stringify(tool.parameters)])).toEqual(
      clientToolSpecs.map((spec) => [spec.name, JSON.stringify(withoutAdditionalProperties(spec.parameters))]),
    );
    expect(shown).toEqual([{ text: "Opening", kind: "info" }]);
    const results = Object.fromEntries(
      agent.runs[1]!.messages.filter((m) => m.role === "tool").map((m) => [m.toolCallId, m.content]),
    );
    expect(results).toEqual({
      c1: DISPATCHED_TEXT,
      c2: '{"opened":true}',
      c3: '{"city":"Lisbon"}',
      c4: expect.stringContaining("/line must be >= 1"),
      c5: 'Invalid arguments for show_toast: / must NOT have additional properties: "colour".',
    });
  });
});

function withoutAdditionalProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAdditionalProperties);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "additionalProperties")
      .map(([key, child]) => [key, withoutAdditionalProperties(child)]),
  );
}
