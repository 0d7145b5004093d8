// The page every scenario answers from, in a fresh project: the generated handlers, and each call
// they ran, in order, so that a scenario can show each ran once.
import { type ClientToolCall, runClientToolCalls } from "@gen-client-tools/runtime";
import type { ToolCallDispatch } from "@gen-client-tools/runtime/ag-ui";
import { type ClientToolHandlers, dispatchToolCall } from "./client-tools.gen/index.js";

/** What a scenario reports: the calls the handlers ran, what the model read of each, and the steps of an approval. */
export interface ScenarioReport {
  readonly ran: readonly string[];
  readonly modelRead: Readonly<Record<string, string>>;
  readonly approval?: { readonly beforeDecision: readonly string[]; readonly afterApproval: readonly string[] };
}

export const ran: string[] = [];
const NEVER_ABORTED = new AbortController().signal;

const handlers: ClientToolHandlers<{ readonly toolCallId: string; readonly signal: AbortSignal }> = {
  notify: (_args, { toolCallId }) => void ran.push(toolCallId),
  pick_date: (args, { toolCallId }) => {
    ran.push(toolCallId);
    return { date: `${args.title}: 2026-12-24` };
  },
};

export const dispatch: ToolCallDispatch = (name, args, { toolCallId, signal }) =>
  dispatchToolCall(name, args, handlers, { toolCallId, signal });

/** The page of a server that sends the calls and takes the answers (OpenAI Agents, LangChain). */
export const answer = (calls: readonly ClientToolCall[]) =>
  runClientToolCalls(calls, (name, args, { toolCallId }) =>
    dispatch(name, args, { toolCallId, signal: NEVER_ABORTED }),
  );

/** Each turn's calls, the model's turns as every scenario scripts them: t3's arguments are refused. */
export const TURNS = [
  [
    { id: "n1", name: "notify", args: { text: "One", level: "info" } },
    { id: "p1", name: "pick_date", args: { title: "First" } },
  ],
  [
    { id: "n2", name: "notify", args: { text: "Two", level: "info" } },
    { id: "p2", name: "pick_date", args: { title: "Second" } },
  ],
  [
    { id: "n3", name: "notify", args: { text: "Three", level: "loud" } },
    { id: "p3", name: "pick_date", args: { title: "Third", colour: "red" } },
  ],
] as const;

/** The approval turns: n4 approved, n5 denied, each beside an awaited call. */
export const APPROVAL_TURNS = [
  [
    { id: "n4", name: "notify", args: { text: "Four", level: "info" } },
    { id: "p4", name: "pick_date", args: { title: "Fourth" } },
  ],
  [
    { id: "n5", name: "notify", args: { text: "Five", level: "info" } },
    { id: "p5", name: "pick_date", args: { title: "Fifth" } },
  ],
] as const;

/** A tool result's text as a model reads it. */
export const textOf = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));
