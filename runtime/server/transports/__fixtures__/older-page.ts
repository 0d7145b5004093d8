// A page built before the fixture's specs changed: get_location answered `{ city }` with another
// schema, and read_clipboard did not exist yet. Every other tool is as the server has it.
import { expect } from "vitest";
import { specs } from "../../__fixtures__/tools.js";
import { toolFingerprints } from "../../../fingerprint/fingerprint.js";
import { clientToolContractOf, clientToolVersionOf } from "../../../wire/client-tool-contract.js";
import type { ClientToolDifference } from "../../../wire/tool-difference.js";
import { outcomeToObservation } from "../../../wire/observation.js";
import type { ClientCallOutcome } from "../../../wire/outcome.js";
import type { ClientToolMismatchMessage, ClientToolRequest } from "../../../wire/messages.js";

const olderSpecs = specs
  .filter((spec) => spec.name !== "read_clipboard")
  .map((spec) => (spec.name === "get_location" ? { ...spec, outputSchema: { type: "object", properties: { city: { type: "string" } } } } : spec));

/** What that page's generated `clientToolContract` is. */
export const olderPageContract = clientToolContractOf(olderSpecs);

// A page built before a compatible change: its get_location answered a city of at most 200 characters, a rule the
// server's version dropped, so its answers are valid under the server's schema; the generator proved it and listed
// that version in the server's spec (`fingerprints.compatible`).
const location = specs.find((spec) => spec.name === "get_location")!;
const earlierLocation = {
  ...location,
  outputSchema: { ...location.outputSchema, properties: { city: { type: "string", maxLength: 200 } } },
};

/** The contract of a page built with that earlier get_location. */
export const compatiblePageContract = clientToolContractOf(
  specs.map((spec) => (spec === location ? earlierLocation : spec)),
);

/** The server's specs, with get_location listing the earlier version as compatible, as the generator writes it. */
export const specsListingCompatible = specs.map((spec) =>
  spec === location
    ? { ...spec, fingerprints: { ...toolFingerprints(spec), compatible: [clientToolVersionOf(earlierLocation)] } }
    : spec,
);

/** What that page is told of a get_location call: the schema of its answer differs. */
export function changedLocationMismatch(request: ClientToolRequest): ClientToolMismatchMessage {
  const { requestId, conversationId, toolCallId } = request;
  return { type: "client_tool.mismatch", requestId, conversationId, toolCallId, toolName: "get_location", differs: ["result"] };
}

/** The call ended at once (well before its tool's 30 s) as out of date, and the model reads why. */
export async function expectOutOfDate(outcome: Promise<ClientCallOutcome>, differs: readonly ClientToolDifference[]): Promise<void> {
  const ended = await Promise.race([outcome, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), 2000))]);
  expect(ended).toEqual({ status: "client_out_of_date", differs });
  const text = outcomeToObservation(ended as ClientCallOutcome).content[0]!.text;
  expect(text).toMatch(/^The user's page cannot run this tool: it is out of date \(.+\), so the call was not sent to it\. Do not call the tool again now: ask the user to reload the page/);
}
