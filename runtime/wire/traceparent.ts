// W3C Trace Context's `traceparent` (version 00): how a call's span travels with its request, to
// the page and to whichever instance takes the answer.

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export interface TraceParent {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
}

export function formatTraceparent(parent: TraceParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${parent.traceFlags.toString(16).padStart(2, "0")}`;
}

/** The parent a `traceparent` names, or `undefined` for anything else (an all-zero id included). */
export function parseTraceparent(text: unknown): TraceParent | undefined {
  if (typeof text !== "string") return undefined;
  const match = TRACEPARENT.exec(text);
  if (match === null || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16) };
}
