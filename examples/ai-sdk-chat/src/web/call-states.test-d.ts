// Type tests, checked by `tsc -p tsconfig.json`: the call states and renderers of the generated
// code (this example's client-tools.gen), as a page meets them.
import type { ReactNode } from "react";
import { callStateFromAiSdkPart } from "../../../../runtime/adapters/ai-sdk/index.js";
import { createClientToolCallStreams, renderClientToolCall } from "../../../../runtime/index.js";
import type {
  ClientToolCallState,
  ClientToolRenderers,
  ClientTools,
  PickColourPartialArgs,
  ShowChartArgs,
  ShowChartPartialArgs,
} from "../client-tools.gen/index.js";
import { clientToolSpecs } from "../client-tools.gen/index.js";

declare const state: ClientToolCallState;
declare const chart: ClientToolCallState<"show_chart">;
declare const colour: ClientToolCallState<"pick_colour">;

// The tool's name is a literal, so a switch on it narrows the arguments.
if (state.toolName === "show_chart" && state.status === "input-available") {
  const title: string = state.args.title;
  void title;
}

// Streaming: every property optional at every depth, literals kept exact (never widened to string).
if (chart.status === "input-streaming") {
  const kind: "bar" | "line" | undefined = chart.args?.kind;
  const label: string | undefined = chart.args?.points?.[0]?.label;
  // @ts-expect-error a partial title may be missing: it is not a string yet
  const title: string = chart.args?.title;
  // @ts-expect-error `kind` is "bar" | "line", not any string
  const widened: ShowChartPartialArgs["kind"] = "pie";
  const final: boolean = chart.isFinal("/points/0/value") && chart.isFinal("") && chart.isFinal("/title");
  // @ts-expect-error a pointer must start with one of the arguments' properties
  chart.isFinal("/ttle");
  // @ts-expect-error the arguments are still streaming: there is no result yet
  void chart.result;
  void [kind, label, title, widened, final];
}
const colours: PickColourPartialArgs["colours"] = ["teal"];
void colours;

// Available and output: complete arguments; only an awaited tool's output has a result.
if (chart.status === "input-available") {
  const args: ShowChartArgs = chart.args;
  // @ts-expect-error isFinal is only there while the arguments stream in
  chart.isFinal("/title");
  void args;
}
if (colour.status === "output-available") {
  const picked: "teal" | "coral" | "plum" | "gold" = colour.result.colour;
  void picked;
}
if (chart.status === "output-available") {
  // @ts-expect-error show_chart is fire-and-forget: its output has no result
  void chart.result;
}
if (chart.status === "output-error") {
  const why: string = chart.error;
  // @ts-expect-error the arguments of a failed call may be missing
  const args: ShowChartArgs = chart.args;
  void [why, args];
}

// Renderers: one per tool, each seeing only its own tool's states.
const renderers: ClientToolRenderers<string> = {
  show_chart: (call) => call.toolName + (call.status === "input-streaming" ? (call.args?.kind ?? "") : call.status),
  pick_colour: (call) => (call.status === "output-available" ? call.result.colour : call.status),
  show_toast: (call) => (call.status === "input-available" ? call.args.text : call.status),
};
// @ts-expect-error show_toast has no renderer, and there is no default
const missing: ClientToolRenderers<string> = { show_chart: () => "", pick_colour: () => "" };
const withDefault: ClientToolRenderers<string> = { show_chart: () => "", default: (call) => call.toolName };
const wrongTool: ClientToolRenderers<string> = {
  // @ts-expect-error pick_colour's renderer is given pick_colour's states, whose arguments have no `title`
  pick_colour: (call) => (call.status === "input-available" ? call.args.title : ""),
  show_chart: () => "",
  show_toast: () => "",
};
void [missing, withDefault, wrongTool, renderClientToolCall(renderers, state)];

// The AI SDK binding takes the tool's name from the part's type.
const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs });
declare const chartPart: { type: "tool-show_chart"; toolCallId: string; state: "input-streaming"; rawInput: string };
const fromPart = callStateFromAiSdkPart(chartPart, streams);
if (fromPart?.status === "input-streaming") {
  const kind: "bar" | "line" | undefined = fromPart.args?.kind;
  // @ts-expect-error a show_chart part's state is show_chart's: its arguments have no `colours`
  void fromPart.args?.colours;
  void kind;
}
const cards: ClientToolRenderers<ReactNode> = { default: () => null };
void cards;
