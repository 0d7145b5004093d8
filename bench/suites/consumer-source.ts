import type { JsonObject } from "../../runtime/util/json.js";

/**
 * An app's use of the generated module: a switch over every action kind that must stay
 * exhaustive (`never` in its default), and every kind of input `dispatchClientAction` takes.
 */
export function consumerSource(specs: readonly JsonObject[]): string {
  const cases = specs.map(
    (spec) =>
      `    case ${JSON.stringify(`ClientAction_${String(spec["name"])}`)}:\n      return ${JSON.stringify(String(spec["name"]))};`,
  );
  return [
    'import { dispatchClientAction, isClientAction, type ClientAction, type ClientActionEvent } from "./client-tools.gen/index.js";',
    'import { clientToolHandlers } from "./client-tool-handlers.js";',
    "",
    "export function toolOf(action: ClientAction): string {",
    "  switch (action.kind) {",
    ...cases,
    "    default: {",
    "      const unhandled: never = action;",
    "      return unhandled;",
    "    }",
    "  }",
    "}",
    "",
    "export async function onMessage(message: unknown, event: ClientActionEvent): Promise<unknown> {",
    "  if (isClientAction(message)) return dispatchClientAction(message, clientToolHandlers, {});",
    "  return dispatchClientAction(event, clientToolHandlers, {});",
    "}",
    "",
  ].join("\n");
}
