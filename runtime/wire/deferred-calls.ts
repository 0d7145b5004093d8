/**
 * A client tool call a framework's run stopped on (or made) for the page to run, as the server
 * sends it: an awaited one waits for its outcome (`runClientToolCalls` gives them back).
 */
export interface ClientToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly args: unknown;
  readonly awaited: boolean;
}
