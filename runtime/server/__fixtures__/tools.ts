// Specs and a broker wired for tests: every request the broker hands to "transports" and
// every settled call is recorded, so tests can answer requests as a client would.
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { ClientCallBroker } from "../broker.js";
import type { ClientCallBrokerOptions } from "../broker-options.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import type { ClosedCall, PendingCall } from "../stores/store.js";

export const specs = parseClientToolSpecs([
  {
    name: "get_location",
    description: "Get the user's current city. Only the client can answer this.",
    outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
    annotations: { readOnlyHint: true },
    timeoutSeconds: 30,
    maxAttempts: 3,
  },
  {
    name: "sync_settings",
    description: "Write the user's settings to the client; writing twice is harmless.",
    outputSchema: { type: "object", properties: { saved: { type: "boolean" } }, required: ["saved"] },
    annotations: { idempotentHint: true },
    timeoutSeconds: 30,
    maxAttempts: 2,
  },
  {
    name: "confirm_purchase",
    description: "Ask the user to confirm a purchase.",
    parameters: { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
    outputSchema: { type: "object", properties: { confirmed: { type: "boolean" } }, required: ["confirmed"] },
    timeoutSeconds: 30,
    maxAttempts: 3,
  },
  {
    name: "read_clipboard",
    description: "Read the clipboard (no timeout or attempts given: the defaults apply).",
    outputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "pay_invoice",
    description: "Pay an invoice: a call interrupted may have paid, so it is never re-sent or left waiting.",
    parameters: { type: "object", properties: { invoice: { type: "string" } }, required: ["invoice"] },
    outputSchema: { type: "object", properties: { paid: { type: "boolean" } }, required: ["paid"] },
    recovery: "settle",
  },
  {
    name: "ask_user",
    description: "Ask the user a question; the answer is text for the model (awaited without an outputSchema).",
    parameters: { type: "object", properties: { question: { type: "string" } }, required: ["question"] },
    awaited: true,
  },
  {
    name: "open_file_viewer",
    description: "Open a file in the viewer panel (fire-and-forget).",
    parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
  },
]);

export interface TestBroker {
  readonly broker: ClientCallBroker;
  readonly store: InMemoryPendingCallStore;
  /** Every `requested` event, in order. */
  readonly requests: PendingCall[];
  /** Every `settled` event, in order. */
  readonly settled: ClosedCall[];
  /** Dispatches a get_location call for alice in conversation c1, and returns its outcome promise and request. */
  readonly dispatchLocation: (owner?: string) => Promise<{ outcome: Promise<ClientCallOutcome>; request: ClientToolRequest }>;
}

export function createTestBroker(options: Partial<ClientCallBrokerOptions> & { store?: InMemoryPendingCallStore } = {}): TestBroker {
  const store = options.store ?? new InMemoryPendingCallStore();
  const broker = new ClientCallBroker({ tools: specs, ...options, store });
  const requests: PendingCall[] = [];
  const settled: ClosedCall[] = [];
  broker.on("requested", (call) => requests.push(call));
  broker.on("settled", (call) => settled.push(call));
  return {
    broker,
    store,
    requests,
    settled,
    async dispatchLocation(owner = "alice") {
      const before = requests.length;
      const outcome = broker.dispatch({ conversationId: "c1", owner, toolName: "get_location", toolCallId: `call_${before}`, args: {} });
      // Let `dispatch` store the call and emit its request.
      await flush();
      const call = requests[before];
      if (call === undefined) throw new Error("dispatch emitted no request");
      return { outcome, request: call.request };
    },
  };
}

/** Runs queued microtasks (the store's async steps) without advancing fake time. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 25; i++) await Promise.resolve();
}
