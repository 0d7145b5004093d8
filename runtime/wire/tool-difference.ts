// Apart from the contract itself, which a page's bundle need not carry: what a page is told,
// and what an outcome holds, of the ways its code can be out of date.

/** What an out-of-date page lacks for a call: the tool itself, or the tool as the call has it. */
export type ClientToolDifference = "missing" | "mode" | "parameters" | "result";

const DIFFERENCES: ReadonlySet<unknown> = new Set<ClientToolDifference>(["missing", "mode", "parameters", "result"]);

/** A list of differences, as a message or an outcome read back from a client carries it. */
export function isClientToolDifferences(value: unknown): value is readonly ClientToolDifference[] {
  return Array.isArray(value) && value.every((part) => DIFFERENCES.has(part));
}
