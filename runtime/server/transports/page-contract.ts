import {
  type ClientToolContract,
  type ContractCall,
  contractDifferences,
  parseClientToolContract,
} from "../../wire/client-tool-contract.js";
import type { ClientToolDifference } from "../../wire/tool-difference.js";
import type { PendingCall } from "../stores/store.js";
import { contentResultFingerprint } from "../tools.js";

/** The query parameter a page sends its contract in (`clientToolContract`), on the event stream's URL or a socket's. */
export const CLIENT_TOOL_CONTRACT_PARAM = "tools";

/**
 * The contract a connection's URL carries (`?tools=`), parsed; `undefined` when it carries none (a
 * page generated before contracts, or an app that does not send it: every call goes to it).
 * Throws `ClientToolContractMalformedError` (400) for a parameter that is not one.
 */
export function pageContractOf(url: string | URL): ClientToolContract | undefined {
  const text = (typeof url === "string" ? new URL(url, "http://localhost") : url).searchParams.get(
    CLIENT_TOOL_CONTRACT_PARAM,
  );
  return text === null ? undefined : parseClientToolContract(text);
}

/** What a page with this contract lacks to run the call; empty when it can. */
export function callDifferences(contract: ClientToolContract, call: PendingCall): readonly ClientToolDifference[] {
  return contractDifferences(contract, contractCallOf(call));
}

/** The call as a contract has tools: what a record written before calls carried their tool lacks is not compared. */
function contractCallOf({ request, tool }: PendingCall): ContractCall {
  const mode =
    request.privateInput === true
      ? "p"
      : tool === undefined
        ? undefined
        : tool.outputSchema === contentResultFingerprint()
          ? "c"
          : "a";
  return {
    toolName: request.toolName,
    mode,
    parameters: tool?.parameters,
    answer: tool?.outputSchema,
    compatible: tool?.compatible,
  };
}
