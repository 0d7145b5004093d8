import type { Attributes } from "@opentelemetry/api";
import type { ClientCallOutcome } from "../../wire/outcome.js";

/** How many sets of metric attributes are kept for reuse. */
const MAX_KEPT_ATTRIBUTES = 4096;
/** Outcomes that mean the call failed: its span's status is an error, and `error.type` names the outcome. */
export const FAILED: ReadonlySet<ClientCallOutcome["status"]> = new Set([
  "error",
  "timeout",
  "denied",
  "unknown_outcome",
  "invalid_arguments",
  "private_input_failed",
  "client_out_of_date",
]);

/**
 * The attributes of a tool's metrics, and with an outcome, of its ended calls: the tool (as
 * `metricName` names it), the operation, the outcome's status, and `error.type` for a failure (the
 * conventions' attributes of `gen_ai.execute_tool.duration`); with `"accepted"`, of an answer taken.
 * Kept per tool and status: the names are bounded, the server's own tools and `_client`.
 */
export function metricAttributes(
  metricName: (toolName: string) => string,
): (toolName: string, status?: ClientCallOutcome["status"] | "accepted") => Attributes {
  // By name, then by status ("" for none): two lookups, no key to build on every call.
  const made = new Map<string, Map<string, Attributes>>();
  let kept = 0;
  return (toolName, status) => {
    const name = metricName(toolName);
    let byStatus = made.get(name);
    let attributes = byStatus?.get(status ?? "");
    if (attributes === undefined) {
      attributes =
        status === undefined
          ? { "gen_ai.tool.name": name }
          : status === "accepted"
            ? { "gen_ai.tool.name": name, "gen_client_tools.answer": "accepted" }
            : {
                "gen_ai.tool.name": name,
                "gen_ai.operation.name": "execute_tool",
                "gen_client_tools.outcome.status": status,
                ...(FAILED.has(status) && { "error.type": status }),
              };
      // A metricName that does not bound the names: past a bound, each call makes its own.
      if (kept < MAX_KEPT_ATTRIBUTES) {
        if (byStatus === undefined) made.set(name, (byStatus = new Map()));
        byStatus.set(status ?? "", attributes);
        kept++;
      }
    }
    return attributes;
  };
}

/** The attributes of a refused answer: its status and error, and no tool. */
export function refusedAttributes(status: number, reason: string): Attributes {
  return { "gen_client_tools.answer": "refused", "http.response.status_code": status, "error.type": reason };
}
