import type { ReactNode } from "react";
import type { ClientToolCallState, ClientToolRenderers } from "../client-tools.gen/index.js";

/** The parts of a chart's arguments whose finality the card shows (and the end-to-end test reads). */
const CHART_PARTS = ["/title", "/kind", "/unit", "/points"] as const;

/**
 * The chart, drawn from the first delta of its arguments: a part still being written shows as
 * pending, a part read to its end as final. `kind` comes from a list, so it shows only whole.
 */
function ChartCard({ call }: { readonly call: ClientToolCallState<"show_chart"> }): ReactNode {
  const { args } = call;
  const isFinal = (pointer: (typeof CHART_PARTS)[number] | `/points/${number}`): boolean =>
    call.status === "input-streaming" ? call.isFinal(pointer) : call.args !== undefined;
  const points = args?.points ?? [];
  const finalParts = [...CHART_PARTS, ...points.map((_, i) => `/points/${i}` as const)].filter(isFinal);
  const highest = Math.max(1, ...points.map((point) => point.value ?? 0));
  return (
    <figure
      className={`chart ${call.status}`}
      data-tool-call-id={call.toolCallId}
      data-status={call.status}
      data-args={JSON.stringify(args ?? null)}
      data-final={JSON.stringify(finalParts)}
    >
      <figcaption className={isFinal("/title") ? "final" : "pending"}>{args?.title ?? "…"}</figcaption>
      <p className="chart-kind">
        <span className={isFinal("/kind") ? "final" : "pending"}>{args?.kind ?? "…"}</span> chart
        {args?.unit !== undefined && <span className={isFinal("/unit") ? "final" : "pending"}> in {args.unit}</span>}
      </p>
      <ol className="bars">
        {points.map((point, i) => (
          <li key={i} className={isFinal(`/points/${i}`) ? "final" : "pending"}>
            <span className="bar" style={{ width: `${((point.value ?? 0) / highest) * 100}%` }} />
            {point.label ?? "…"} {point.value ?? ""}
          </li>
        ))}
      </ol>
      {call.status === "output-error" && <p className="error">{call.error}</p>}
    </figure>
  );
}

/** A one-line account of a call of a tool with no card of its own. */
function callLine(call: ClientToolCallState<"pick_colour" | "show_toast">): ReactNode {
  const shown =
    call.status === "output-available"
      ? "result" in call
        ? JSON.stringify(call.result)
        : "sent to the page"
      : call.status === "output-error"
        ? call.error
        : "…";
  return <li className="tool">{`${call.toolName}: ${shown}`}</li>;
}

/** One renderer per client tool: leaving one out does not compile. */
export const toolCards: ClientToolRenderers<ReactNode> = {
  show_chart: (call) => (
    <li className="tool-card">
      <ChartCard call={call} />
    </li>
  ),
  pick_colour: callLine,
  show_toast: callLine,
};
