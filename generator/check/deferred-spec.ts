import type { ClientToolSpec, JsonValue } from "@gen-client-tools/runtime/core";
import { settleParsed } from "../json/json-quick.js";

/**
 * A checked spec with its schemas and description left out: every other member as the spec has it, in its order, and
 * each member left out as `0`. What a run in a new process keeps of a tool (see ProductsStore), so that the next one
 * can take the spec's file as checked without parsing it.
 */
export type SpecHead = Readonly<Record<string, JsonValue>>;

/** The members that hold the bulk of a spec's text, read from the spec file only when asked for. */
const DEFERRED_MEMBERS: ReadonlySet<string> = new Set(["description", "parameters", "outputSchema", "privateInput"]);

/** The head of a spec; never reads the members it leaves out, so a deferred spec stays unparsed. */
export function specHead(spec: ClientToolSpec): SpecHead {
  const head: Record<string, JsonValue> = {};
  for (const key of Object.keys(spec))
    head[key] = DEFERRED_MEMBERS.has(key) ? 0 : (spec[key as keyof ClientToolSpec] as JsonValue);
  return head;
}

/**
 * A spec made from its head, frozen, whose members left out are read from `full()` (the spec as the check stage gives
 * it) the first time one is read. The members come in the head's order, so the spec spreads and serialises as the
 * full one does. `full` is called at most once.
 */
export function deferredSpec(head: SpecHead, full: () => ClientToolSpec): ClientToolSpec {
  let checked: ClientToolSpec | undefined;
  const members = (): ClientToolSpec => (checked ??= full());
  const spec: Record<string, unknown> = {};
  for (const key of Object.keys(head)) {
    if (DEFERRED_MEMBERS.has(key))
      Object.defineProperty(spec, key, {
        enumerable: true,
        get: () => members()[key as keyof ClientToolSpec],
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
