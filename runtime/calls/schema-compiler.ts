import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { schemaFingerprint } from "../fingerprint/index.js";
import { isServerAuthored } from "../registry/server-authored.js";
import { VALIDATION_OPTIONS } from "../schema/ajv-options.js";
import { linearRegExp } from "../schema/linear-patterns.js";
import { withResolvableRoot } from "../schema/resolvable-root.js";
import { schemaDialect, type SchemaDialect } from "../spec/dialect.js";
import type { JsonObject } from "../spec/types.js";
import type { CompiledValidator } from "./validators.js";

const AJV_OPTIONS = {
  ...VALIDATION_OPTIONS,
  // ajv-formats' formats as an option: its plugin (`addFormats`) keeps every ajv instance it is
  // given alive, and instances here come and go (see Generation).
  formats: fullFormats,
  // ajv warns on the console about unknown formats, quoting the schema's text as it is: schemas
  // come from other teams and from frontends, and their text must not reach a terminal raw.
  logger: false,
} as const;

/** How many compiled schemas of clients' specs a broker keeps at most, by default (each costs tens of kilobytes). */
export const DEFAULT_MAX_COMPILED_SCHEMAS = 1000;

/** Compiles schemas with ajv, once per schema (by fingerprint) and pattern engine, and lets them go. */
export interface SchemaCompiler {
  /** The compiled validator of a schema, used in `conversationId` (what `release` frees). */
  compile(schema: JsonObject, fingerprint: string | undefined, conversationId: string): CompiledValidator;
  /** The conversation is gone: what only it used is freed (ajv's copy included). */
  release(conversationId: string): void;
  /** Frees everything. */
  clear(): void;
}

/**
 * An ajv instance and the schemas it compiled. ajv keeps a little of every schema it compiles
 * for as long as the instance lives (removeSchema does not take it all back), so an instance
 * compiles a bounded number of schemas, and is let go once none of them is in use.
 */
interface Generation {
  readonly ajv: Ajv | Ajv2020;
  compiled: number;
  live: number;
}

/** How many schemas one ajv instance compiles before the next one takes over. */
const SCHEMAS_PER_GENERATION = 50;

interface Entry {
  readonly fn: CompiledValidator;
  readonly generation: Generation;
  /** The object ajv compiled (and caches by identity): what `removeSchema` takes. */
  readonly compiledSchema: JsonObject;
  readonly conversations: Set<string>;
}

/**
 * Each schema is compiled on first use and cached by fingerprint, so that tools sharing a
 * schema share one compiled function: with ECMA-262 patterns when the server wrote the schema,
 * with linear-time ones (RE2) otherwise (see linear-patterns.ts). The cache is bounded (least
 * recently used first out) and a schema no conversation uses any more is freed, so that a server
 * taking every client's tools keeps memory flat; the server's own schemas, as many as its tools,
 * stay compiled.
 */
export function createSchemaCompiler(maxEntries = DEFAULT_MAX_COMPILED_SCHEMAS): SchemaCompiler {
  // The server's own schemas, as many as it has tools: kept.
  const own = new Map<string, Entry>();
  // Schemas clients sent, bounded. A Map keeps insertion order: deleting and setting again moves
  // an entry to the end (the most recently used).
  const entries = new Map<string, Entry>();
  const byConversation = new Map<string, Set<string>>();
  // The generation that compiles next, per dialect and pattern engine; older ones live while their schemas do.
  const current = new Map<string, Generation>();
  const generationFor = (dialect: SchemaDialect, linear: boolean): Generation => {
    const name = `${dialect} ${linear ? "linear" : "ecma"}`;
    let generation = current.get(name);
    if (generation === undefined || generation.compiled >= SCHEMAS_PER_GENERATION) {
      const options = { ...AJV_OPTIONS, ...(linear && { code: { regExp: linearRegExp } }) };
      const ajv = dialect === "draft-07" ? new Ajv(options) : new Ajv2020(options);
      current.set(name, (generation = { ajv, compiled: 0, live: 0 }));
    }
    return generation;
  };
  const build = (schema: JsonObject, key: string, linear: boolean): Entry => {
    const generation = generationFor(schemaDialect(schema) ?? "2020-12", linear);
    // The registration checked the dialect; one ajv compiles many schemas, each under an id of its own.
    const compiledSchema = withResolvableRoot(schema, key);
    const fn = generation.ajv.compile(compiledSchema);
    generation.compiled++;
    generation.live++;
    return { fn, generation, compiledSchema, conversations: new Set() };
  };
  const evict = (key: string): void => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    entry.generation.ajv.removeSchema(entry.compiledSchema);
    entry.generation.live--;
    for (const conversationId of entry.conversations) byConversation.get(conversationId)?.delete(key);
  };

  return {
    compile(schema, fingerprint, conversationId) {
      const linear = !isServerAuthored(schema);
      // A hand-written ClientToolLookup may not carry fingerprints; the registry always does.
      const key = `${linear ? "linear" : "ecma"}-${fingerprint ?? schemaFingerprint(schema)}`;
      if (!linear) {
        let entry = own.get(key);
        if (entry === undefined) own.set(key, (entry = build(schema, key, false)));
        return entry.fn;
      }
      let entry = entries.get(key);
      if (entry !== undefined) {
        entries.delete(key);
        entries.set(key, entry);
      } else {
        entries.set(key, (entry = build(schema, key, true)));
        if (entries.size > maxEntries) evict(entries.keys().next().value!);
      }
      if (!entry.conversations.has(conversationId)) {
        entry.conversations.add(conversationId);
        let keys = byConversation.get(conversationId);
        if (keys === undefined) byConversation.set(conversationId, (keys = new Set()));
        keys.add(key);
      }
      return entry.fn;
    },
    release(conversationId) {
      const keys = byConversation.get(conversationId);
      byConversation.delete(conversationId);
      for (const key of keys ?? []) {
        const entry = entries.get(key);
        if (entry === undefined) continue;
        entry.conversations.delete(conversationId);
        if (entry.conversations.size === 0) evict(key);
      }
    },
    clear() {
      for (const key of [...entries.keys()]) evict(key);
      own.clear();
      byConversation.clear();
      current.clear();
    },
  };
}
