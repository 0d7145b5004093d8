import { childPointer } from "../tool-spec/json-pointer.js";
import type { JsonObject } from "../tool-spec/types.js";
import { forEachSubschema, own } from "./schema-walk.js";

interface LocalRef {
  /** Pointer of the schema holding the `$ref`. */
  readonly location: string;
  /** The JSON pointer the `$ref` points at. */
  readonly target: string;
}

const VISITING = 1;
const DONE = 2;

/**
 * The pointer of a local `$ref` that makes the schema recursive (it points at a schema that,
 * through its own refs, leads back to itself), or undefined when there is none. Refs that
 * are not JSON pointers into the document (`#anchor`, remote URLs) are not followed.
 */
export function findRecursiveRef(schema: JsonObject): string | undefined {
  const refs: LocalRef[] = [];
  collectRefs(schema, "", refs);
  const state = new Map<string, typeof VISITING | typeof DONE>();

  // Depth-first over "the schema at target contains a ref to": reaching a target still being visited closes a cycle.
  function visit(target: string): string | undefined {
    state.set(target, VISITING);
    for (const ref of refs) {
      if (!contains(target, ref.location)) continue;
      const seen = state.get(ref.target);
      if (seen === VISITING) return childPointer(ref.location, "$ref");
      const found = seen === undefined ? visit(ref.target) : undefined;
      if (found !== undefined) return found;
    }
    state.set(target, DONE);
    return undefined;
  }

  for (const ref of refs) {
    const found = state.has(ref.target) ? undefined : visit(ref.target);
    if (found !== undefined) return found;
  }
  return undefined;
}

function collectRefs(schema: JsonObject, pointer: string, refs: LocalRef[]): void {
  const ref = own(schema, "$ref");
  if (typeof ref === "string" && (ref === "#" || ref.startsWith("#/"))) {
    const target = decodeFragment(ref.slice(1));
    if (target !== undefined) refs.push({ location: pointer, target });
  }
  forEachSubschema(schema, pointer, (subschema, subpointer) => collectRefs(subschema, subpointer, refs));
}

/** A `$ref` fragment is a URI fragment: percent-decode it to get the JSON pointer; undefined if malformed. */
function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

function contains(ancestor: string, pointer: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}
