import type { ClientToolSpec, JsonValue } from "@gen-client-tools/runtime/core";
import { settleParsed } from "../json/json-quick.js";

/**
 * A checked spec with its schemas left out: every other member as the spec has it, in its order, and each schema
 * member as `0`. What a run in a new process keeps of a tool (see ProductsStore), so that the next one can take the
 * spec's file as checked without parsing it.
 */
export type SpecHead = Readonly<Record<string, JsonValue>>;

/** The members that hold schemas: the bulk of a spec file's text. */
const SCHEMA_MEMBERS: ReadonlySet<string> = new Set(["parameters", "outputSchema", "privateInput"]);

/** The head of a spec; never reads its schema members, so a deferred spec stays unparsed. */
export function specHead(spec: ClientToolSpec): SpecHead {
  const head: Record<string, JsonValue> = {};
  for (const key of Object.keys(spec))
    head[key] = SCHEMA_MEMBERS.has(key) ? 0 : (spec[key as keyof ClientToolSpec] as JsonValue);
  return head;
}

/**
 * A spec made from its head, frozen, whose schema members are read from `full()` (the spec as the check stage gives
 * it) the first time one is read. The members come in the head's order, so the spec spreads and serialises as the
 * full one does. `full` is called at most once.
 */
export function deferredSpec(head: SpecHead, full: () => ClientToolSpec): ClientToolSpec {
  let checked: ClientToolSpec | undefined;
  const schemas = (): ClientToolSpec => (checked ??= full());
  const spec: Record<string, unknown> = {};
  for (const key of Object.keys(head)) {
    if (SCHEMA_MEMBERS.has(key))
      Object.defineProperty(spec, key, {
        enumerable: true,
        get: () => schemas()[key as keyof ClientToolSpec],
      });
    else {
      // Frozen, as the parsed JSON of a checked spec is.
      settleParsed(head[key]!, false);
      Object.defineProperty(spec, key, { enumerable: true, value: head[key] });
    }
  }
  return Object.freeze(spec) as unknown as ClientToolSpec;
}

/** Whether a value read back is a spec's head: an object with a string name, as specHead makes them. */
export function isSpecHead(value: unknown): value is SpecHead {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>)["name"] === "string"
  );
}
