import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { schemaDialect } from "./dialect.js";
import { childPointer, pointerTokens } from "./json-pointer.js";
import { valueAt } from "./json-walk.js";
import { suggestKey } from "./suggest.js";
import { walkSchema } from "./walk-schema.js";

/** Keywords that change how references resolve, or resolve at run time: a spec sent at run time may not use them. */
const RESOLUTION_KEYWORDS = ["$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"];

/**
 * What a validator could only fail on later, for a spec a client sends: a `$schema` of a draft
 * this project does not support, a `$ref` that names another document (remote, a file, a URN:
 * never fetched, so every answer would fail), a local `$ref` that leads nowhere, and the keywords
 * that change how references resolve (`$id`, anchors, dynamic references), whose cycles the
 * reference rules could not see. Each at its pointer; the fix is in the message.
 */
export function referenceProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  if (schemaDialect(schema) === undefined) {
    problems.push({
      pointer: `${pointer}/$schema`,
      message:
        `unsupported $schema ${JSON.stringify(schema["$schema"])}: use "https://json-schema.org/draft/2020-12/schema" ` +
        `or "http://json-schema.org/draft-07/schema#", or leave it out for 2020-12`,
    });
    return problems;
  }
  walkSchema(schema, pointer, {
    keyword(key, value, kind, at) {
      if (kind === undefined) return;
      if (RESOLUTION_KEYWORDS.includes(key)) {
        problems.push({
          pointer: at(),
          message:
            `a spec sent at run time may not use "${key}" (it changes how references ` +
            `resolve): refer to definitions with "$ref": "#/$defs/<name>"`,
        });
      } else if (key === "$ref" && typeof value === "string") {
        const problem = refProblem(schema as JsonValue, value);
        if (problem !== undefined) problems.push({ pointer: at(), message: problem });
      }
    },
  });
  return problems;
}

function refProblem(schema: JsonValue, ref: string): string | undefined {
  if (ref.startsWith("#") && ref !== "#" && !ref.startsWith("#/")) {
    return (
      `$ref ${JSON.stringify(ref)} names an anchor: a spec sent at ` +
      `run time refers to definitions by pointer, "#/$defs/<name>"`
    );
  }
  if (ref !== "#" && !ref.startsWith("#/")) {
    return (
      `$ref ${JSON.stringify(ref)} names another document, which is never fetched: a spec sent at run ` +
      `time must be self-contained; copy the schema into "$defs" and refer to it as "#/$defs/<name>"`
    );
  }
  let tokens: string[];
  try {
    tokens = pointerTokens(decodeURIComponent(ref.slice(1)));
  } catch {
    return `$ref ${JSON.stringify(ref)} is not a valid JSON pointer`;
  }
  return unresolvedPointer(schema, ref, tokens);
}

/**
 * Why a local `$ref` (as `tokens`) finds nothing in `document`, with the definition it most
 * likely meant where its last token is a near miss (`#/$defs/Pont` for `Point`); undefined when it resolves.
 */
export function unresolvedPointer(document: JsonValue, ref: string, tokens: readonly string[]): string | undefined {
  if (valueAt(document, tokens) !== undefined) return undefined;
  const parent = tokens.length === 0 ? undefined : valueAt(document, tokens.slice(0, -1));
  const siblings = typeof parent === "object" && parent !== null && !Array.isArray(parent) ? Object.keys(parent) : [];
  const meant = siblings.length === 0 ? undefined : suggestKey(tokens[tokens.length - 1]!, siblings);
  const fix =
    meant === undefined
      ? 'add the definition under "$defs" or fix the pointer'
      : `did you mean ${JSON.stringify(`#${[...tokens.slice(0, -1), meant].reduce(childPointer, "")}`)}?`;
  return `unresolvable $ref ${JSON.stringify(ref)}: nothing is at that place in this schema; ${fix}`;
}
