import type { DeferredClientToolAnswer } from "../deferred-call.js";

/**
 * The client's answers to a run's calls, by the run's context (what the SDK hands each tool's
 * `invoke`) and call id: put there by `answerClientToolCalls` just before the run resumes, read
 * by the tool once the SDK lets the call through.
 */
const answersByRun = new WeakMap<object, Map<string, DeferredClientToolAnswer["outcome"]>>();

export function answersOf(runContext: object): Map<string, DeferredClientToolAnswer["outcome"]> {
  let answers = answersByRun.get(runContext);
  if (answers === undefined) answersByRun.set(runContext, (answers = new Map()));
  return answers;
}
