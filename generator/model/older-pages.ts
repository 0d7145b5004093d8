import { answerSchemaOf, type ClientToolSpec } from "@gen-client-tools/runtime/core";
import { compareSchemas } from "@gen-client-tools/runtime/server";

/**
 * Whether a page built with `old` can run `next`'s calls: the same mode (checked by the caller), every value of the
 * new parameters valid under the old ones, every answer valid under the old answer's schema valid under the new one.
 * Proved, never guessed: an unknown relation is not safe.
 */
export function safeForOlderPages(old: ClientToolSpec, next: ClientToolSpec): boolean {
  if (compareSchemas(old.parameters, next.parameters).newInOld.holds !== true) return false;
  const [oldAnswer, newAnswer] = [answerSchemaOf(old), answerSchemaOf(next)];
  if (oldAnswer === undefined || newAnswer === undefined) return oldAnswer === newAnswer;
  return compareSchemas(oldAnswer, newAnswer).oldInNew.holds === true;
}
