import type { Attributes, Meter } from "@opentelemetry/api";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { metricAttributes, refusedAttributes } from "./metric-attributes.js";

type Status = ClientCallOutcome["status"];

/**
 * What a process's calls add to the counters a call changes: the calls open now, the calls ended by outcome, the answers
 * taken and refused. Tools by the name their metrics carry.
 */
export interface CallCounts {
  opened(metricName: string): void;
  closed(metricName: string): void;
  ended(metricName: string, status: Status): void;
  accepted(metricName: string): void;
  refused(status: number, reason: string): void;
}

/** One tool's counts. */
interface ToolCounts {
  open: number;
  accepted: number;
  readonly ended: Map<Status, number>;
}

/** Tools counted apart; the calls of any tool past them count under OVERFLOW, as an SDK's overflow series. */
const MAX_TOOLS = 4096;
const OVERFLOW = "\u0000overflow";
const OVERFLOW_ATTRIBUTES: Attributes = { "otel.metric.overflow": true };

const countsByMeter = new WeakMap<Meter, CallCounts>();

/**
 * The counts of every broker in the process that records to `meter`, reported through observable instruments that the
 * SDK reads when it collects: `gen_client_tools.calls.open`, `gen_client_tools.calls.ended` and
 * `gen_client_tools.answers`. Synchronous instruments would take a measurement at each step of every call, and an SDK
 * hashes a measurement's attributes each time: three measurements were most of what a call's metrics cost. Brokers
 * add up, as their measurements would. The durations stay histograms, measured per call.
 */
export function callCountsOf(meter: Meter): CallCounts {
  let counts = countsByMeter.get(meter);
  if (counts === undefined) {
    counts = observedCallCounts(meter);
    countsByMeter.set(meter, counts);
  }
  return counts;
}

function observedCallCounts(meter: Meter): CallCounts {
  const tools = new Map<string, ToolCounts>();
  const refused = new Map<string, { count: number; readonly attributes: Attributes }>();
  const toolCounts = (metricName: string): ToolCounts => {
    let found = tools.get(metricName);
    if (found === undefined) {
      if (tools.size >= MAX_TOOLS && metricName !== OVERFLOW) return toolCounts(OVERFLOW);
      found = { open: 0, accepted: 0, ended: new Map() };
      tools.set(metricName, found);
    }
    return found;
  };
  const attributes = metricAttributes((name) => name);
  const of = (name: string, status?: Status | "accepted"): Attributes =>
    name === OVERFLOW ? OVERFLOW_ATTRIBUTES : attributes(name, status);

  meter
    .createObservableUpDownCounter("gen_client_tools.calls.open", {
      description: "Awaited client tool calls open, dispatched by this process.",
      unit: "{call}",
    })
    .addCallback((result) => {
      // A tool seen once keeps its series, at 0 when nothing is open, as a counter's sum would.
      for (const [name, { open }] of tools) result.observe(open, of(name));
    });
  meter
    .createObservableCounter("gen_client_tools.calls.ended", {
      description: "Awaited client tool calls ended, by tool and outcome.",
      unit: "{call}",
    })
    .addCallback((result) => {
      for (const [name, { ended }] of tools)
        for (const [status, count] of ended) result.observe(count, of(name, status));
    });
  meter
    .createObservableCounter("gen_client_tools.answers", {
      description:
        "Client answers taken at this instance, or refused (by status and error), whichever instance dispatched them.",
      unit: "{answer}",
    })
    .addCallback((result) => {
      for (const [name, { accepted }] of tools) if (accepted > 0) result.observe(accepted, of(name, "accepted"));
      for (const { count, attributes: refusal } of refused.values()) result.observe(count, refusal);
    });

  return {
    opened: (metricName) => void toolCounts(metricName).open++,
    closed: (metricName) => void toolCounts(metricName).open--,
    ended(metricName, status) {
      const { ended } = toolCounts(metricName);
      ended.set(status, (ended.get(status) ?? 0) + 1);
    },
    accepted: (metricName) => void toolCounts(metricName).accepted++,
    refused(status, reason) {
      const key = `${status}\u0000${reason}`;
      const found = refused.get(key);
      if (found !== undefined) found.count++;
      else refused.set(key, { count: 1, attributes: refusedAttributes(status, reason) });
    },
  };
}
