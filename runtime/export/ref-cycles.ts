import { type CycleEdge, findCycle } from "../schema/find-cycle.js";
import { childPointer } from "../schema/json-pointer.js";
import { forEachSubschema, own } from "../schema/subschemas.js";
import type { JsonObject } from "../util/json.js";

interface LocalRef {
  /** Pointer of the schema holding the `$ref`. */
  readonly location: string;
  /** The JSON pointer the `$ref` points at. */
  readonly target: string;
}

/**
 * The pointer of a local `$ref` that makes the schema recursive (it points at a schema that,
 * through its own refs, leads back to itself), or undefined when there is none. Refs that
 * are not JSON pointers into the document (`#anchor`, remote URLs) are not followed.
 */
export function findRecursiveRef(schema: JsonObject): string | undefined {
  const refs: LocalRef[] = [];
  collectRefs(schema, "", refs);
  // The schema at a target leads to the targets of the refs inside it.
  const edges = new Map<string, CycleEdge[]>();
  for (const { target } of refs) {
    if (!edges.has(target))
      edges.set(
        target,
        refs
          .filter((ref) => contains(target, ref.location))
          .map((ref) => ({ target: ref.target, at: childPointer(ref.location, "$ref") })),
      );
  }
  return findCycle(edges.keys(), edges)?.at;
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
