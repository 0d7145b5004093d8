// @gen-client-tools/runtime/react: a client tool's call drawn in each of its states, from the AI
// SDK's tool parts, its arguments typed while they stream in. `react` is a peer dependency of this entry.
export { ClientToolCall, useClientToolCall, type ClientToolCallProps } from "./client-tool-call.js";
