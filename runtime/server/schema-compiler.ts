import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { schemaFingerprint } from "../fingerprint/fingerprint.js";
import { isServerAuthored } from "../registry/server-authored.js";
import { VALIDATION_OPTIONS } from "../schema/ajv-options.js";
import { linearRegExp } from "../schema/linear-patterns.js";
import { withResolvableRoot } from "../schema/resolvable-root.js";
import { schemaDialect, type SchemaDialect } from "../schema/dialect.js";
import type { JsonObject } from "../schema/json.js";
import equal from "ajv/dist/runtime/equal.js";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import uri from "ajv/dist/runtime/uri.js";
import validationError from "ajv/dist/runtime/validation_error.js";
import * as formats from "ajv-formats/dist/formats.js";
import { commonjsModule } from "../schema/commonjs-module.js";
import { createCompileThread } from "./compile-thread.js";
import type { CompiledValidator } from "../wire/validation.js";

/** How many compiled schemas of clients' specs a broker keeps at most, by default. */
export const DEFAULT_MAX_COMPILED_SCHEMAS = 1000;

/** Compiles schemas, once per schema (by fingerprint), and lets them go. */
export interface SchemaCompiler {
  /**
   * The compiled validator of a schema, used in `conversationId` (what `release` frees): at
   * once for the server's own schemas, and once a thread of its own has written it for a
   * client's. Rejects with ajv's reason when the schema cannot be compiled.
   */
  compile(schema: JsonObject, fingerprint: string | undefined, conversationId: string): CompiledValidator | Promise<CompiledValidator>;
  /** The conversation is gone: what only it used is freed. */
  release(conversationId: string): void;
  /** Frees everything, and stops the compiling thread. */
  clear(): void;
}

interface Entry {
  readonly validator: Promise<CompiledValidator>;
  readonly conversations: Set<string>;
}

/**
 * Each schema is compiled on first use and cached by fingerprint, so that tools sharing a
 * schema share one compiled function. The server's own schemas (as many as its tools) are
 * compiled here with ECMA-262 patterns, as the developer wrote them, and kept. A client's is
 * written as standalone code in another thread (compile-thread.ts: ajv takes up to a second for
 * a schema at the registry's limits), with linear-time patterns (RE2, linear-patterns.ts), and
 * the cache of those is bounded (least recently used first out) and frees a schema once no
 * conversation uses it, so a server taking every client's tools keeps memory flat.
 */
export function createSchemaCompiler(maxEntries = DEFAULT_MAX_COMPILED_SCHEMAS): SchemaCompiler {
  const own = new Map<string, CompiledValidator>();
  const ownAjv = new Map<SchemaDialect, Ajv | Ajv2020>();
  // A Map keeps insertion order: deleting and setting again moves an entry to the end (the most recently used).
  const entries = new Map<string, Entry>();
  const byConversation = new Map<string, Set<string>>();
  const thread = createCompileThread();

  const compileOwn = (schema: JsonObject, key: string): CompiledValidator => {
    const dialect = schemaDialect(schema) ?? "2020-12";
    let ajv = ownAjv.get(dialect);
    if (ajv === undefined) ownAjv.set(dialect, (ajv = dialect === "draft-07" ? new Ajv(OWN_OPTIONS) : new Ajv2020(OWN_OPTIONS)));
    // One ajv compiles many schemas, each under an id of its own.
    return ajv.compile(withResolvableRoot(schema, key));
  };
  const evict = (key: string): void => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    for (const conversationId of entry.conversations) byConversation.get(conversationId)?.delete(key);
  };
  const compileClients = (schema: JsonObject, key: string): Entry => {
    const entry: Entry = { validator: thread.code(withResolvableRoot(schema, key)).then(loadValidator), conversations: new Set() };
    // A schema that failed is compiled again the next time: the failure may have been the thread's.
    entry.validator.catch(() => entries.get(key) === entry && evict(key));
    return entry;
  };

  return {
    compile(schema, fingerprint, conversationId) {
      const linear = !isServerAuthored(schema);
      // A hand-written ClientToolLookup may not carry fingerprints; the registry always does.
      const key = `${linear ? "linear" : "ecma"}-${fingerprint ?? schemaFingerprint(schema)}`;
      if (!linear) {
        let fn = own.get(key);
        if (fn === undefined) own.set(key, (fn = compileOwn(schema, key)));
        return fn;
      }
      let entry = entries.get(key);
      if (entry !== undefined) {
        entries.delete(key);
        entries.set(key, entry);
      } else {
        entries.set(key, (entry = compileClients(schema, key)));
        if (entries.size > maxEntries) evict(entries.keys().next().value!);
      }
      if (!entry.conversations.has(conversationId)) {
        entry.conversations.add(conversationId);
        let keys = byConversation.get(conversationId);
        if (keys === undefined) byConversation.set(conversationId, (keys = new Set()));
        keys.add(key);
      }
      return entry.validator;
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
      entries.clear();
      byConversation.clear();
      own.clear();
      ownAjv.clear();
      thread.close();
    },
  };
}

const OWN_OPTIONS = {
  ...VALIDATION_OPTIONS,
  // ajv-formats' formats as an option: its plugin (`addFormats`) keeps every ajv instance it is given alive.
  formats: fullFormats,
  // ajv warns on the console about unknown formats, quoting the schema's text as it is.
  logger: false,
} as const;

/** What the code ajv writes for a JSON Schema may `require`: its runtime helpers and the formats. */
const CODE_MODULES: ReadonlyMap<string, unknown> = new Map([
  ["ajv/dist/runtime/equal", commonjsModule(equal)],
  ["ajv/dist/runtime/ucs2length", commonjsModule(ucs2length)],
  ["ajv/dist/runtime/uri", commonjsModule(uri)],
  ["ajv/dist/runtime/validation_error", commonjsModule(validationError)],
  ["ajv-formats/dist/formats", formats],
]);

/**
 * The validator that standalone code (client-schema-code.ts) defines. The code is ajv's own
 * output, with every value of the schema in it escaped; it may load only ajv's runtime helpers
 * and the formats, and its patterns are matched by `linearRegExp`.
 */
function loadValidator(code: string): CompiledValidator {
  const module: { exports: { default?: CompiledValidator } } = { exports: {} };
  const load = (id: string): unknown => {
    const loaded = CODE_MODULES.get(id);
    if (loaded === undefined) throw new Error(`a compiled validator asked for ${JSON.stringify(id)}`);
    return loaded;
  };
  new Function("require", "module", "exports", "linearRegExp", code)(load, module, module.exports, linearRegExp);
  return module.exports.default!;
}
