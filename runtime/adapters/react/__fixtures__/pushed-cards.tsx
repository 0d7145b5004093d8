// A page for the Chromium test of useClientToolCallStates: AG-UI events pushed by a timer, each
// turned into a call state, the cards drawn with the generated renderers' type, and every state
// React commits recorded on `window`.
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { clientToolSpecs, type ClientToolCallState, type ClientToolRenderers, type ClientTools } from "../../../../examples/ai-sdk-chat/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../../examples/ai-sdk-chat/src/client-tools.gen/validators/index.js";
import { createClientToolCallStreams } from "../../../client/call-streams.js";
import { renderClientToolCall } from "../../../client/renderers.js";
import { callStateFromAgUi, type AgUiToolCallEventLike } from "../../ag-ui/call-state.js";
import { useClientToolCallStates, type ClientToolCallSubscription } from "../index.js";

declare global {
  interface Window {
    drawn: string[];
    play(events: readonly AgUiToolCallEventLike[], everyMs: number): Promise<void>;
    listening(): number;
    unmount(): void;
  }
}

const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs, validators: clientToolValidators });
const listeners = new Set<(event: AgUiToolCallEventLike) => void>();
const subscribe: ClientToolCallSubscription<ClientToolCallState> = (onState) => {
  const listener = (event: AgUiToolCallEventLike) => onState(callStateFromAgUi(event, streams));
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const cards: ClientToolRenderers<string> = {
  show_chart: (call) => `${call.status} ${JSON.stringify(call.args ?? null)}`,
  default: (call) => `${call.toolName} ${call.status}`,
};

function Calls() {
  const calls = useClientToolCallStates(subscribe);
  useEffect(() => {
    for (const call of calls) if (call.toolName === "show_chart") window.drawn.push(JSON.stringify({ status: call.status, args: call.args ?? null }));
  }, [calls]);
  return (
    <ol>
      {calls.map((call) => (
        <li key={call.toolCallId}>{renderClientToolCall(cards, call)}</li>
      ))}
    </ol>
  );
}

window.drawn = [];
window.play = async (events, everyMs) => {
  for (const event of events) {
    for (const listener of listeners) listener(event);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};
window.listening = () => listeners.size;
const root = createRoot(document.getElementById("root")!);
root.render(<Calls />);
window.unmount = () => root.unmount();
