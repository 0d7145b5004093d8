import type { ClientToolSpec } from "@gen-client-tools/runtime/core";
import { answerSchemaOf, type ClientToolMode, canonicalJson, clientToolMode } from "@gen-client-tools/runtime/core";
import { compareSchemas, type SchemaComparison, type SchemaRelation } from "@gen-client-tools/runtime/server";

/** What changed in one tool between two spec sets, and what of it breaks a rolling deploy. */
export type ToolChange =
  | { readonly tool: string; readonly change: "added" }
  | { readonly tool: string; readonly change: "removed"; readonly breaking: readonly string[] }
  | {
      readonly tool: string;
      /** "unchanged": the same spec; "compatible": changed, and every relation holds both ways. */
      readonly change: "changed" | "compatible" | "unchanged";
      readonly mode?: { readonly old: ClientToolMode["mode"]; readonly new: ClientToolMode["mode"] };
      readonly parameters: SchemaComparison;
      /**
       * The schema of the client's answer: the outputSchema, the content result's, or a private input's (absent for
       * fire-and-forget on both sides).
       */
      readonly answer?: SchemaComparison;
      readonly breaking: readonly string[];
    };

/**
 * Compares two spec sets tool by tool. A rolling deploy needs every relation to hold: calls the
 * model made under the old parameters reach the new handlers (old in new) while the new server
 * sends calls to pages still on the old bundle (new in old); an old page's answers reach the new
 * server (old in new) and a new page's reach a server not yet deployed (new in old). `breaking`
 * says, in a reviewer's words, each that does not hold or is unknown.
 */
export function diffSpecSets(oldSpecs: readonly ClientToolSpec[], newSpecs: readonly ClientToolSpec[]): ToolChange[] {
  const before = new Map(oldSpecs.map((spec) => [spec.name, spec]));
  const after = new Map(newSpecs.map((spec) => [spec.name, spec]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names.map((tool): ToolChange => {
    const old = before.get(tool);
    const next = after.get(tool);
    if (old === undefined) return { tool, change: "added" };
    if (next === undefined)
      return {
        tool,
        change: "removed",
        breaking: [
          "the tool is removed: calls already made to it, and pages still offering it, meet a server without it",
        ],
      };
    const [oldMode, newMode] = [clientToolMode(old).mode, clientToolMode(next).mode];
    const parameters = compareSchemas(old.parameters, next.parameters);
    const [oldAnswer, newAnswer] = [answerSchemaOf(old), answerSchemaOf(next)];
    const answer =
      oldAnswer === undefined && newAnswer === undefined
        ? undefined
        : compareSchemas(oldAnswer ?? false, newAnswer ?? false);
    const breaking: string[] = [];
    if (oldMode !== newMode)
      breaking.push(
        `its mode changes from ${oldMode} to ${newMode}: a page and a server ` +
          `on different versions disagree on whether the call is answered`,
      );
    breaking.push(
      ...broken(
        "parameters",
        parameters,
        "a call the model made under the old schema",
        "the new server's calls to a page still on the old bundle",
      ),
    );
    if (answer !== undefined && oldMode === newMode) {
      breaking.push(
        ...broken(
          "answer",
          answer,
          "an answer from a page still on the old bundle",
          "a new page's answer to a server not yet deployed",
        ),
      );
    }
    const same = oldMode === newMode && holdsBoth(parameters) && (answer === undefined || holdsBoth(answer));
    return {
      tool,
      change: !same ? "changed" : canonicalJson(old) === canonicalJson(next) ? "unchanged" : "compatible",
      ...(oldMode !== newMode && { mode: { old: oldMode, new: newMode } }),
      parameters,
      ...(answer !== undefined && { answer }),
      breaking,
    };
  });
}

function holdsBoth(comparison: SchemaComparison): boolean {
  return comparison.oldInNew.holds === true && comparison.newInOld.holds === true;
}

function broken(what: string, comparison: SchemaComparison, oldValue: string, newValue: string): string[] {
  const said: string[] = [];
  const say = (relation: SchemaRelation, value: string, under: string): void => {
    if (relation.holds === true) return;
    if (relation.holds === false)
      said.push(
        `${what}: ${value} can be refused by the ${under} schema, at ${relation.pointer || "its root"} ` +
          `(${relation.keyword}): ${relation.reason}, for example ${JSON.stringify(relation.witness)}`,
      );
    else
      said.push(
        `${what}: whether ${value} is accepted by the ${under} schema is not ` +
          `known (${relation.reason}, at ${relation.pointer || "the root"})`,
      );
  };
  say(comparison.oldInNew, oldValue, "new");
  say(comparison.newInOld, newValue, "old");
  return said;
}
