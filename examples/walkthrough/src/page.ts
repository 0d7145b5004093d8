// page.ts

import { createClientToolRunner } from "@gen-client-tools/runtime";
import {
  CLIENT_TOOL_CANCELLED_EVENT,
  CLIENT_TOOL_EVENT,
  CLIENT_TOOL_MISMATCH_EVENT,
  decodeClientToolCancelledEvent,
  decodeClientToolEvent,
  decodeClientToolMismatchEvent,
} from "@gen-client-tools/runtime/wire";
import { type ClientToolContext, clientToolHandlers } from "./client-tool-handlers.js";
import { clientToolContract, dispatchClientAction, isFireAndForgetAction } from "./client-tools.gen/index.js";
import { offerReload, ui } from "./page-ui.js";

const context: ClientToolContext = { ui };

// The page's event stream: fire-and-forget actions run here; an awaited call reaches the runner below.
new EventSource("/events").onmessage = (message) => {
  const event = JSON.parse(message.data);
  if (event.kind === "ActionEvent" && isFireAndForgetAction(event.action))
    void dispatchClientAction(event, clientToolHandlers, context);
};

const runner = createClientToolRunner({
  handlers: clientToolHandlers,
  context, // the runner adds the call's signal and request beside it
  send: async ({ requestId, ...answer }) => {
    // Sent again while the server's store is unavailable (503). A 409 says the call has ended
    // already (by this answer, sent before, or otherwise): nothing more to send.
    for (let tries = 0; tries < 30; tries++) {
      const response = await fetch(`/client-tools/${requestId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(answer),
      });
      if (response.status !== 503) return;
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
    }
  },
});
// `tools` tells the server which tools this code has: a call it cannot run (the server was deployed
// after this page loaded) is not sent; the model is told, and so is the page.
const calls = new EventSource(`/client-tools/events?tools=${clientToolContract}`);
calls.addEventListener(CLIENT_TOOL_EVENT, (message) => {
  const request = decodeClientToolEvent(message.data);
  if (request) void runner.handle(request);
});
// The call ended without this page (another tab answered it, or the server stopped waiting): its handler's signal fires.
calls.addEventListener(CLIENT_TOOL_CANCELLED_EVENT, (message) => {
  const cancelled = decodeClientToolCancelledEvent(message.data);
  if (cancelled) runner.cancel(cancelled.requestId, cancelled.reason);
});
calls.addEventListener(CLIENT_TOOL_MISMATCH_EVENT, (message) => {
  const mismatch = decodeClientToolMismatchEvent(message.data);
  if (mismatch) offerReload(mismatch.toolName);
});
