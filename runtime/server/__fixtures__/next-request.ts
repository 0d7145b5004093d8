import type { ClientCallBroker } from "../broker.js";
import type { ClientToolRequest } from "../../wire/messages.js";

/** The next `count` requests the broker sends clients (its `requested` events): call before `dispatch`. */
export function nextRequests(broker: ClientCallBroker, count: number): Promise<ClientToolRequest[]> {
  const requests: ClientToolRequest[] = [];
  return new Promise((resolve) => {
    const stop = broker.on("requested", ({ request }) => {
      requests.push(request);
      if (requests.length < count) return;
      stop();
      resolve(requests);
    });
  });
}

/** The next request the broker sends a client: call before `dispatch`. */
export async function nextRequest(broker: ClientCallBroker): Promise<ClientToolRequest> {
  const [request] = await nextRequests(broker, 1);
  return request!;
}
