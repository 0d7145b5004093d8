// @gen-client-tools/runtime/react: a client tool's call drawn in each of its states, from the AI
// SDK's tool parts or any source that pushes events, its arguments typed while they stream in. `react` is a peer
// dependency of this entry.
export {
  type ClientToolCallProps,
  type ClientToolCallSubscription,
  ClientToolCallView,
  useClientToolCall,
  useClientToolCallStates,
} from "./client-tool-call.js";
