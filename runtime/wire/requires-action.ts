import type { JsonObject } from "../util/json.js";
import type { ClientToolRequest } from "./messages.js";

/**
 * The body of a run that stopped on an open client tool call (an HTTP agent API answers a
 * run with it); the client answers through `POST {basePath}/{requestId}`. `expiresAt` is
 * epoch milliseconds, as in the request.
 */
export interface RequiresActionBody {
  readonly status: "requires_action";
  readonly required_action: {
    readonly type: "client_tool";
    readonly client_tool: {
      readonly requestId: string;
      readonly name: string;
      readonly arguments: { readonly [key: string]: unknown };
      readonly attempt: number;
      readonly expiresAt: number;
      /**
       * A private input: the client collects a value matching `privateInputSchema` and posts it as the result, to the
       * server alone.
       */
      readonly privateInput?: true;
      readonly privateInputSchema?: JsonObject;
    };
  };
}

export function requiresAction(request: ClientToolRequest): RequiresActionBody {
  return {
    status: "requires_action",
    required_action: {
      type: "client_tool",
      client_tool: {
        requestId: request.requestId,
        name: request.toolName,
        arguments: request.args,
        attempt: request.attempt,
        expiresAt: request.expiresAt,
        ...(request.privateInput === true && {
          privateInput: true,
          privateInputSchema: request.privateInputSchema ?? {},
        }),
      },
    },
  };
}
