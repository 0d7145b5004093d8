// A frontend with precompiled validators (gen-client-tools --validators): the client tool runner
// checks each request's arguments before a handler runs, and each validator is a type guard of
// the generated type. Type-checked by the tests under the strictest settings, where each
// expected error proves something the types refuse.
import { type ClientToolRequest, createClientToolRunner } from "@gen-client-tools/runtime"; // in an app: "gen-client-tools/runtime/browser"
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { clientToolHandlers } from "./client-tool-handlers.js";
import type { PickDateArgs, ShareLinkArgs } from "./client-tools.gen/index.js";
import { type ClientToolValidationError, clientToolValidators } from "./client-tools.gen/validators/index.js";
import { validatePickDateArgs, validatePickDateResult } from "./client-tools.gen/validators/pick_date.js";
import { validateShareLinkArgs } from "./client-tools.gen/validators/share_link.js";
import { clientToolSchemas } from "./client-tools.gen/validators/standard-schemas.js";

export function connect(socket: WebSocket): (request: ClientToolRequest) => Promise<void> {
  const runner = createClientToolRunner({
    handlers: clientToolHandlers,
    send: (message) => socket.send(JSON.stringify(message)),
    validators: clientToolValidators,
  });
  return (request) => runner.handle(request);
}

/** A guard narrows `unknown` to the generated type; when it refuses, `errors` says where and why. */
export function describeArgs(data: unknown): string {
  if (validatePickDateArgs(data)) {
    const args: PickDateArgs = data;
    const earliest: string | undefined = data.earliest;
    return `${args.title}${earliest === undefined ? "" : ` (from ${earliest})`}`;
  }
  if (validateShareLinkArgs(data)) {
    const args: ShareLinkArgs = data;
    return args.url;
  }
  const errors: readonly ClientToolValidationError[] = validatePickDateArgs.errors ?? [];
  return errors.map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`).join("; ");
}

export function pickedDate(result: unknown): string | undefined {
  return validatePickDateResult(result) ? result.date : undefined;
}

// Each tool as Standard Schema objects, typed with the generated types, for any consumer of the standard.
export function standardSchemas(value: unknown): PickDateArgs | undefined {
  const args: StandardSchemaV1<PickDateArgs> & StandardJSONSchemaV1<PickDateArgs> = clientToolSchemas.pick_date.args;
  const inferred: StandardSchemaV1.InferOutput<typeof clientToolSchemas.pick_date.result> = { date: "2026-12-24" };
  const shareInput: StandardSchemaV1.InferInput<typeof clientToolSchemas.share_link.args> = {
    url: "https://example.com",
  };
  const jsonSchema: Record<string, unknown> = args["~standard"].jsonSchema.input({ target: "draft-07" });
  void [inferred, shareInput, jsonSchema];
  const outcome = args["~standard"].validate(value);
  return outcome instanceof Promise || outcome.issues !== undefined ? undefined : outcome.value;
}

// @ts-expect-error share_link is fire-and-forget: it has no result schema
export const noResultSchema = clientToolSchemas.share_link.result;

// What the types refuse.

// @ts-expect-error unknown data has no `title` until a guard says so
export const unchecked = (data: unknown): string => data.title;

export function closed(data: unknown): void {
  // @ts-expect-error pick_date's arguments are closed: a guard does not invent other keys
  if (validatePickDateArgs(data)) void data.colour;
}

// @ts-expect-error share_link is fire-and-forget: it has no result validator
export const noResult = clientToolValidators.share_link.result;
