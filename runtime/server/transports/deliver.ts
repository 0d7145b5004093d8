import type { ClientToolAnswer } from "../../wire/answer.js";
import type { ClientCallBroker } from "../broker.js";

/**
 * The one way a transport hands an answer on: to `broker.submit` or `broker.fail`, which
 * check the owner, the attempt, one-time and the result schema. Rejects with the broker's
 * `ClientCallError` (its `status` is what the transport answers with).
 */
export function deliverAnswer(broker: ClientCallBroker, owner: string, answer: ClientToolAnswer): Promise<void> {
  return "result" in answer ? broker.submit({ ...answer, owner }) : broker.fail({ ...answer, owner });
}
