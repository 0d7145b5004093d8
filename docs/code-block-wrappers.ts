// What the pages in docs/ say around each fragment (```ts partial=<id>): the tools whose generated
// code it uses (spec files of the examples), and the declarations of the names its prose
// defines. docs/code-blocks.test.ts puts each fragment in a module of its own, its imports first,
// then these declarations, then the rest of it as the body of a function, and type-checks it.

export interface CodeBlockWrapper {
  /** Spec files, relative to the repository, generated (with validators) into `./client-tools.gen`. */
  readonly specs: readonly string[];
  /** Module-level declarations and imports the fragment reads. */
  readonly before: string;
  /** The fragment is TSX (```tsx), compiled with React's JSX. */
  readonly jsx?: true;
}

/** The AI SDK chat example's tools: a chart whose arguments stream in, a colour picked, a toast. */
const CHAT_SPECS = [
  "examples/ai-sdk-chat/client-tools/show_chart.json",
  "examples/ai-sdk-chat/client-tools/pick_colour.json",
  "examples/ai-sdk-chat/client-tools/show_toast.json",
];

/** The page's call states over those tools, made once. */
const STREAMS = `import { createClientToolCallStreams } from "@gen-client-tools/runtime";
import { clientToolSpecs, type ClientTools } from "./client-tools.gen/index.js";
const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs });`;

export const CODE_BLOCK_WRAPPERS: Readonly<Record<string, CodeBlockWrapper>> = {
  // generated-code.md: the validators, in the runner and in the broker.
  validators: {
    specs: ["examples/validators/client-tools/pick_date.json", "examples/validators/client-tools/share_link.json"],
    before: `import { ClientCallBroker, type ClientToolSource } from "@gen-client-tools/runtime/server";
import type { ClientToolRunnerOptions } from "@gen-client-tools/runtime";
import type { ClientToolHandlers } from "./client-tools.gen/index.js";
declare const handlers: ClientToolHandlers<{ signal: AbortSignal }>;
declare const send: ClientToolRunnerOptions<ClientToolHandlers<{ signal: AbortSignal }>>["send"];
declare const data: unknown;
declare const tools: ClientToolSource;`,
  },
  // generated-code.md: a framework's call handed to the generated dispatch.
  "dispatch-tool-call": {
    specs: [
      "examples/walkthrough/client-tools/open_file_viewer.json",
      "examples/walkthrough/client-tools/get_location.json",
    ],
    before: `import { dispatchToolCall, type ClientToolHandlers } from "./client-tools.gen/index.js";
interface Panel { show(path: string, line?: number): void }
declare const toolCall: { readonly toolName: string; readonly input: unknown };
declare const handlers: ClientToolHandlers<{ panel: Panel }>;
declare const panel: Panel;
declare function send(output: unknown): void;`,
  },
  // generated-code.md: the handlers, and the actions of an OpenHands-style socket.
  "handlers-on-a-socket": {
    specs: [
      "examples/walkthrough/client-tools/open_file_viewer.json",
      "examples/walkthrough/client-tools/get_location.json",
    ],
    before: `interface Panel { show(path: string, line?: number): void }
declare const panel: Panel;
declare function lookUpCity(): Promise<string>;
declare const socket: WebSocket;`,
  },
  // private-inputs.md: the server's handler of a private input, and the client's.
  "private-input": {
    specs: ["examples/basic/client-tools/connect_account.json"],
    before: `import { ClientCallBroker, ClientToolRegistry, type PendingCallStore } from "@gen-client-tools/runtime/server";
import type { ClientToolHandlers } from "./client-tools.gen/index.js";
interface Ctx { readonly ui: { askSecret(label: string): Promise<string | undefined> } }
declare const registry: ClientToolRegistry;
declare const store: PendingCallStore;
declare const vault: { save(owner: string, service: string, token: string): Promise<void> };`,
  },
  // providers.md: the export for each provider's SDK.
  providers: {
    specs: [],
    before: `import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { RunAgentInput } from "@ag-ui/core";
import { exportClientTools } from "@gen-client-tools/runtime";
import type { ClientToolRegistry } from "@gen-client-tools/runtime/server";
declare const registry: ClientToolRegistry;
declare const server: Server;`,
  },
  // runtime.md: a conversation's tools registered from a request's body.
  "register-from-a-request": {
    specs: [],
    before: `import { ClientToolRegistrationError, type ClientToolRegistry } from "@gen-client-tools/runtime/server";
declare const registry: ClientToolRegistry;
declare const conversationId: string;
declare const user: { readonly id: string };
declare const body: { readonly client_tools: unknown };`,
  },
  // awaited-calls.md: the Redis store in place of the memory store.
  "redis-store": {
    specs: [],
    before: `import { ClientCallBroker, type ClientToolRegistry } from "@gen-client-tools/runtime/server";
declare const registry: ClientToolRegistry;`,
  },
  // generative-ui.md: the arguments of a chart streaming in.
  "call-streams": {
    specs: CHAT_SPECS,
    before: "",
  },
  // generative-ui.md: AG-UI's events as call states.
  "call-states-ag-ui": {
    specs: CHAT_SPECS,
    before: `import { createClientToolCallStreams } from "@gen-client-tools/runtime";
import { clientToolSpecs, type ClientToolCallState, type ClientTools } from "./client-tools.gen/index.js";
declare const agent: AbstractAgent;
declare function draw(state: ClientToolCallState): void;
const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs });`,
  },
  // generative-ui.md: the chart card in React, from the AI SDK's parts.
  "chart-card": {
    specs: CHAT_SPECS,
    jsx: true,
    before: STREAMS,
  },
  // generative-ui.md: an AG-UI agent's calls drawn in React.
  "ag-ui-cards": {
    specs: CHAT_SPECS,
    jsx: true,
    before: STREAMS,
  },
};
