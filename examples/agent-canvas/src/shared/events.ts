import type { ClientActionEvent, ClientToolErrorEvent, ClientToolObservationEvent } from "../client-tools.gen/index.js";

/** A chat message shown in the conversation. */
export interface MessageEvent {
  readonly kind: "MessageEvent";
  readonly id: string;
  readonly timestamp: string;
  readonly source: "user" | "agent";
  readonly text: string;
}

/** Everything the server tells the page about a conversation, in order: OpenHands-shaped events. */
export type CanvasEvent = MessageEvent | ClientActionEvent | ClientToolObservationEvent | ClientToolErrorEvent;

/** What the page receives on the conversation's socket, besides the client-tool transport's own messages. */
export interface EventMessage {
  readonly type: "event";
  readonly conversationId: string;
  readonly event: CanvasEvent;
}
