// Uses every export of the generated module the way an app does; type-checked by the tests under
// the strictest settings, with @ts-expect-error lines proving what the types refuse.

import { type ClientToolContext, clientToolHandlers } from "./client-tool-handlers.js";
import {
  type AskUserResult,
  type AwaitedClientToolName,
  actionArgs,
  type ClientAction,
  type ClientAction_set_theme,
  type ClientActionEvent,
  type ClientInputHandlers,
  type ClientToolContentResult,
  type ClientToolErrorEvent,
  type ClientToolHandlers,
  type ClientToolMap,
  type ClientToolName,
  type ClientToolObservationEvent,
  type ClientToolOutputByName,
  type ConfirmActionResult,
  type ConnectAccountPrivateInput,
  type ConnectAccountResult,
  clientInputHandlers,
  clientToolSpecs,
  clientToolsPayload,
  dispatchClientAction,
  dispatchToolCall,
  type GetLocationResult,
  isClientAction,
  isClientToolName,
  isFireAndForgetAction,
  type OpenFileViewerArgs,
  registerClientTools,
  type SetThemeArgs,
  type ShowOutlineArgs_node,
  toClientAction,
} from "./client-tools.gen/index.js";

const ctx: ClientToolContext = {
  ui: {
    openPanel: () => undefined,
    confirm: async () => true,
    prompt: async () => "yes",
    promptSecret: async () => "s3cret",
    setTheme: () => undefined,
  },
};

// An ActionEvent exactly as the agent server sends it.
const event: ClientActionEvent<"open_file_viewer"> = {
  kind: "ActionEvent",
  id: "evt_1",
  timestamp: "2026-01-01T00:00:00Z",
  source: "agent",
  thought: [{ type: "text", text: "Let me show the readme." }],
  action: { kind: "ClientAction_open_file_viewer", file_path: "README.md" },
  tool_name: "open_file_viewer",
  tool_call_id: "call_1",
  tool_call: { id: "call_1", name: "open_file_viewer", arguments: '{"file_path":"README.md"}', origin: "completion" },
  llm_response_id: "resp_1",
  security_risk: "LOW",
  summary: "open the readme",
};

export async function handle(message: unknown): Promise<void> {
  if (isClientAction(message)) {
    switch (message.kind) {
      case "ClientAction_open_file_viewer":
        message.file_path satisfies string;
        break;
      case "ClientAction_set-theme":
        message.mcp_arg_kind satisfies "user" | undefined;
        actionArgs(message).kind satisfies "user" | undefined;
        break;
      default:
        break;
    }
    await dispatchClientAction(message, clientToolHandlers, ctx);
  }
  // What a page runs from its event stream: the fire-and-forget tools' actions alone.
  if (isFireAndForgetAction(message)) {
    message.kind satisfies "ClientAction_open_file_viewer" | "ClientAction_set-theme" | "ClientAction_show_outline";
    // @ts-expect-error get_location is awaited: its calls are the runner's
    message.kind satisfies "ClientAction_get_location";
    const done: void = await dispatchClientAction(message, clientToolHandlers, ctx);
    void done;
  }
  const nothing: void = await dispatchClientAction(event, clientToolHandlers, ctx);
  const location: GetLocationResult = await dispatchClientAction(
    { kind: "ClientAction_get_location" },
    clientToolHandlers,
    ctx,
  );
  const confirmed: ConfirmActionResult = await dispatchClientAction(
    { kind: "ClientAction_confirm_action", question: "Delete?" },
    clientToolHandlers,
    ctx,
  );
  void [nothing, location, confirmed];
}

// A call as a framework hands it over: a name and the model's arguments.
export async function onToolCall(toolName: string, input: unknown): Promise<unknown> {
  const outcome = await dispatchToolCall(toolName, input, clientToolHandlers, ctx);
  if (!outcome.ok)
    return {
      error: outcome.message,
      reason: outcome.reason satisfies
        | "unknown_tool"
        | "invalid_json"
        | "invalid_arguments"
        | "handler_error"
        | "private_input",
    };
  if (outcome.name === "get_location") outcome.result satisfies GetLocationResult;
  if (outcome.name === "open_file_viewer") outcome.output satisfies "Tool call dispatched to client.";
  return outcome.output;
}

export async function typedToolCalls(): Promise<void> {
  const located = await dispatchToolCall("get_location", {}, clientToolHandlers, ctx);
  if (located.ok) located.output.city satisfies string;
  const opened = await dispatchToolCall("open_file_viewer", '{"file_path":"a.ts"}', clientToolHandlers, ctx);
  if (opened.ok) opened.output satisfies "Tool call dispatched to client.";
  const made = toClientAction("set-theme", { theme: "dark" });
  if (made.ok) made.action.mcp_arg_kind satisfies "user" | undefined;
  const name: string = "show_outline";
  if (isClientToolName(name)) name satisfies ClientToolName;
  // A tool awaited without an outputSchema answers with text for the model.
  const asked = await dispatchToolCall("ask_user", { question: "Which file?" }, clientToolHandlers, ctx);
  if (asked.ok) asked.output.content[0]?.text satisfies string | undefined;
  const outputs: { [N in ClientToolName]: ClientToolOutputByName[N] } = {
    ask_user: { content: [{ type: "text", text: "README.md" }] },
    confirm_action: { confirmed: true },
    connect_account: { status: "connected" },
    get_location: { city: "Paris" },
    open_file_viewer: "Tool call dispatched to client.",
    "set-theme": "Tool call dispatched to client.",
    show_outline: "Tool call dispatched to client.",
  };
  // @ts-expect-error these handlers take a context: dispatchToolCall needs it
  void dispatchToolCall("get_location", {}, clientToolHandlers);
  const noContext: ClientToolHandlers = {
    ask_user: () => ({ content: [{ type: "text", text: "no" }], isError: true }),
    confirm_action: () => ({ confirmed: true }),
    connect_account: () => ({ token: "t" }),
    get_location: () => ({ city: "Lyon" }),
    open_file_viewer: () => undefined,
    "set-theme": () => undefined,
    show_outline: () => undefined,
  };
  void dispatchToolCall("get_location", {}, noContext);
  // @ts-expect-error an awaited tool's output is its result, not the acknowledgement
  const wrongOutput: ClientToolOutputByName["get_location"] = "Tool call dispatched to client.";
  // @ts-expect-error a successful outcome of get_location carries get_location's result
  if (located.ok) located.result satisfies ConfirmActionResult;
  void [outputs, wrongOutput];
}

// Arguments and the action of a tool with a `kind` parameter.
const theme: SetThemeArgs = { theme: "dark", kind: "user", accent: { hue: 200 } };
const themeAction: ClientAction_set_theme = { kind: "ClientAction_set-theme", theme: "dark", mcp_arg_kind: "user" };
const viewer: OpenFileViewerArgs = { file_path: "a.ts", line: 3 };
const tree: ShowOutlineArgs_node = { title: "root", children: [{ title: "child", children: [] }] };
const names: ClientToolName[] = [
  "ask_user",
  "confirm_action",
  "connect_account",
  "get_location",
  "open_file_viewer",
  "set-theme",
  "show_outline",
];
const awaited: AwaitedClientToolName[] = ["ask_user", "confirm_action", "connect_account", "get_location"];
const answered: AskUserResult = {
  content: [{ type: "text", text: "Lyon" }],
  isError: false,
} satisfies ClientToolContentResult;
const result: ClientToolMap["get_location"]["result"] = { city: "Paris" };
const actions: ClientAction[] = [themeAction, { kind: "ClientAction_show_outline", root: tree }];
const observation: ClientToolObservationEvent = {
  kind: "ObservationEvent",
  id: "evt_2",
  timestamp: "2026-01-01T00:00:01Z",
  source: "environment",
  tool_name: "open_file_viewer",
  tool_call_id: "call_1",
  action_id: "evt_1",
  observation: {
    kind: "ClientToolObservation",
    content: [{ type: "text", text: "Tool call dispatched to client." }],
    is_error: false,
  },
};
const failure: ClientToolErrorEvent = {
  kind: "AgentErrorEvent",
  error: "bad arguments",
  tool_name: "open_file_viewer",
  tool_call_id: "call_2",
};
const registered: number = registerClientTools({ register: (specs) => specs.length });
const firstName: "ask_user" = clientToolSpecs[0].name;
const askAwaited: true = clientToolSpecs[0].awaited;
const payloadTools: number = clientToolsPayload.client_tools.length;
void [
  theme,
  themeAction,
  viewer,
  names,
  awaited,
  answered,
  result,
  actions,
  observation,
  failure,
  registered,
  firstName,
  askAwaited,
  payloadTools,
];

// What the types refuse.

// @ts-expect-error a handler object without show_outline (a tool that was added) does not compile
export const incomplete: ClientToolHandlers<ClientToolContext> = {
  confirm_action: async () => ({ confirmed: true }),
  get_location: () => ({ city: "Lyon" }),
  open_file_viewer: () => undefined,
  "set-theme": () => undefined,
};

// @ts-expect-error file_path must be a string
export const wrongArgument: OpenFileViewerArgs = { file_path: 42 };

// @ts-expect-error no tool has this kind
export const unknownKind: ClientAction = { kind: "ClientAction_no_such_tool" };

export const wrongResult: ClientToolHandlers<ClientToolContext> = {
  ...clientToolHandlers,
  // @ts-expect-error an awaited tool's handler must return its result shape
  get_location: () => ({ town: "Lyon" }),
};

// @ts-expect-error the closed args of open_file_viewer take no extra keys
export const extraKey: OpenFileViewerArgs = { file_path: "a", colour: "red" };

export const wrongText: ClientToolHandlers<ClientToolContext> = {
  ...clientToolHandlers,
  // @ts-expect-error a tool awaited without an outputSchema answers with content, not a bare string
  ask_user: () => "Lyon",
};

// @ts-expect-error "neon" is not one of the enum's values
export const badEnum: SetThemeArgs = { theme: "neon" };

// A private input: the client's handler returns the value, the server's handler takes it, the model sees the response.
const secret: ConnectAccountPrivateInput = { token: "s3cret" };
const seen: ConnectAccountResult = { status: "connected" };
const serverHandlers: ClientInputHandlers<{ readonly vault: Map<string, string> }> = {
  async connect_account(privateInput, args, ctx) {
    ctx.vault.set(args.service, privateInput.token);
  },
};
export const privateInputs = clientInputHandlers(serverHandlers, () => ({ vault: new Map<string, string>() }));
export const privateInputsWithCall = clientInputHandlers({
  connect_account: async (_input, _args, call) => void call.conversationId,
});
void [secret, seen];

export const returnsValue: ClientInputHandlers = {
  // @ts-expect-error a private input's handler resolves to nothing: a value would have nowhere to go
  connect_account: async (privateInput) => privateInput.token,
};

export const wrongPrivateInput: ClientToolHandlers<ClientToolContext> = {
  ...clientToolHandlers,
  // @ts-expect-error the client's handler of a private input returns the value in its schema's shape
  connect_account: async () => ({ password: "x" }),
};

// @ts-expect-error the model sees the declared response, nothing else
export const wrongResponse: ConnectAccountResult = { status: "failed" };
