import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { schemaFingerprint } from "../../fingerprint/fingerprint.js";
import { VALIDATOR_BYTES_PER_SCHEMA_BYTE } from "../../registry/limits.js";
import { isServerAuthored } from "../../registry/server-authored.js";
import { VALIDATION_OPTIONS, validationOptionsFor } from "../../schema/ajv-options.js";
import { schemaDialect } from "../../schema/dialect.js";
import { withProtoProperties } from "../../schema/proto-properties.js";
import { unfoldedSize } from "../../schema/ref-budget.js";
import { withResolvableRoot } from "../../schema/resolvable-root.js";
import { sizeAtMost } from "../../schema/value-depth.js";
import type { JsonObject } from "../../util/json.js";
import { type CompiledValidator, type ValidationProblem, validate } from "../../wire/validation.js";
import { createClientSchemaThread } from "./client-schema-thread.js";
import type { ClientSchemaThreadOptions } from "./client-schema-thread-options.js";
import { loadClientValidator } from "./client-validator.js";

/**
 * A client's schema of at most this many nodes (unfolded through its `$ref`s) also gets its
 * validator on the event loop, for values small enough that checking them costs at most
 * `INLINE_WORK` node checks (a millisecond or two at worst, patterns included); every other value
 * goes to the thread.
 */
const INLINE_MAX_SCHEMA_NODES = 400;
const INLINE_WORK = 20_000;

/** How many compiled schemas of clients' specs a broker keeps at most, by default. */
export const DEFAULT_MAX_COMPILED_SCHEMAS = 1000;

/** Validates values against schemas, each compiled once (by fingerprint), and lets them go. */
export interface SchemaValidators {
  /**
   * Compiles the schema now, for use in `conversationId` (what `release` frees), so that no
   * value waits for it later. Rejects with ajv's reason when the schema cannot be compiled.
   */
  prepare(schema: JsonObject, fingerprint: string | undefined, conversationId: string): Promise<void>;
  /**
   * The value's problems against the schema (compiled first if need be); `undefined` when it
   * matches. At once for the server's own schemas (throwing as `prepare` rejects), a promise for a
   * client's (rejecting as `prepare` does). The values of one `owner` that go to the thread go one
   * at a time, so that one owner's costly values delay another owner's by at most one deadline.
   */
  validate(
    schema: JsonObject,
    fingerprint: string | undefined,
    conversationId: string,
    value: unknown,
    owner?: string,
  ): readonly ValidationProblem[] | undefined | Promise<readonly ValidationProblem[] | undefined>;
  /** The conversation is gone: what only it used is freed. */
  release(conversationId: string): void;
  /** Frees everything, and stops the thread clients' schemas are checked in. */
  clear(): void;
}

/**
 * What the compiled validators of clients' schemas may take, by default (estimated: `VALIDATOR_BYTES_PER_SCHEMA_BYTE`),
 * in a thread whose heap is 512 MB.
 */
export const DEFAULT_MAX_COMPILED_BYTES = 256 * 1024 * 1024;

export interface SchemaValidatorsOptions extends ClientSchemaThreadOptions {
  /** How many compiled schemas of clients' specs are kept (the least recently used go first). */
  readonly maxEntries?: number;
  /** How many bytes their validators are taken to take at most (the least recently used go first). */
  readonly maxBytes?: number;
}

interface Entry {
  readonly compiled: Promise<void>;
  readonly schema: JsonObject;
  /** About how many schema nodes may apply to one part of a value (`unfoldedSize`), capped. */
  readonly weight: number;
  /** For a small schema, its validator in this thread too, for small values. */
  inline?: CompiledValidator;
  readonly conversations: Set<string>;
  /** What its validator is taken to take. */
  readonly bytes: number;
}

/**
 * The server's own schemas (as many as its tools) are compiled here with ECMA-262 patterns, as
 * the developer wrote them, kept, and run in this thread. A client's are compiled and run in a
 * thread of their own (client-schema-thread.ts), with linear-time patterns and a deadline for
 * each value, so that no schema and value a client chose can hold up the event loop; the cache
 * of those is bounded (least recently used first out) and frees a schema once no conversation
 * uses it, so a server taking every client's tools keeps memory flat.
 */
export function createSchemaValidators(options: SchemaValidatorsOptions = {}): SchemaValidators {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_COMPILED_SCHEMAS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_COMPILED_BYTES;
  let bytes = 0;
  const own = new Map<string, CompiledValidator>();
  // One ajv per dialect, and per `ownProperties` (validationOptionsFor).
  const ownAjv = new Map<string, Ajv | Ajv2020>();
  // A Map keeps insertion order: deleting and setting again moves an entry to the end (the most recently used).
  const entries = new Map<string, Entry>();
  const byConversation = new Map<string, Set<string>>();
  const thread = createClientSchemaThread(options);

  const compileOwn = (schema: JsonObject, key: string): CompiledValidator => {
    let fn = own.get(key);
    if (fn !== undefined) return fn;
    const dialect = schemaDialect(schema) ?? "2020-12";
    const options = { ...OWN_OPTIONS, ...validationOptionsFor(schema) };
    const ajvKey = `${dialect} ${options.ownProperties}`;
    let ajv = ownAjv.get(ajvKey);
    if (ajv === undefined) ownAjv.set(ajvKey, (ajv = dialect === "draft-07" ? new Ajv(options) : new Ajv2020(options)));
    // One ajv compiles many schemas, each under an id of its own.
    own.set(key, (fn = ajv.compile(withResolvableRoot(withProtoProperties(schema), key))));
    return fn;
  };
  const evict = (key: string): void => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.bytes;
    thread.drop(key);
    for (const conversationId of entry.conversations) byConversation.get(conversationId)?.delete(key);
  };
  const clientEntry = (schema: JsonObject, key: string, conversationId: string): Entry => {
    let entry = entries.get(key);
    if (entry !== undefined) {
      entries.delete(key);
      entries.set(key, entry);
    } else {
      const resolvable = withResolvableRoot(withProtoProperties(schema), key);
      const weight = unfoldedSize(resolvable, INLINE_MAX_SCHEMA_NODES);
      // Where the thread is this one, a second copy would only cost memory.
      const small = thread.apart && weight <= INLINE_MAX_SCHEMA_NODES;
      const created: Entry = {
        compiled: thread.compile(key, resolvable, small).then((code) => {
          if (code !== undefined) created.inline = loadClientValidator(code);
        }),
        schema: resolvable,
        weight,
        conversations: new Set(),
        bytes: VALIDATOR_BYTES_PER_SCHEMA_BYTE * JSON.stringify(schema).length,
      };
      // A schema that failed is compiled again the next time: the failure may have been the thread's.
      created.compiled.catch(() => entries.get(key) === created && evict(key));
      entries.set(key, (entry = created));
      bytes += created.bytes;
      // The newest stays, even alone past the bound: it is about to be used.
      while (entries.size > 1 && (entries.size > maxEntries || bytes > maxBytes)) evict(entries.keys().next().value!);
    }
    if (!entry.conversations.has(conversationId)) {
      entry.conversations.add(conversationId);
      let keys = byConversation.get(conversationId);
      if (keys === undefined) byConversation.set(conversationId, (keys = new Set()));
      keys.add(key);
    }
    return entry;
  };
  // Each owner's values bound for the thread, one at a time: the tail of each owner's queue.
  const lanes = new Map<string, Promise<unknown>>();
  const inLane = <T>(owner: string, work: () => Promise<T>): Promise<T> => {
    const run = (lanes.get(owner) ?? Promise.resolve()).then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    lanes.set(owner, tail);
    void tail.then(() => lanes.get(owner) === tail && lanes.delete(owner));
    return run;
  };
  const validateClients = async (
    entry: Entry,
    key: string,
    value: unknown,
    owner: string,
  ): Promise<readonly ValidationProblem[] | undefined> => {
    await entry.compiled;
    // Work bounded by the schema's nodes times the value's size: small enough, it is done here, without the hop to the
    // thread.
    if (entry.inline !== undefined && sizeAtMost(value, Math.floor(INLINE_WORK / Math.max(entry.weight, 1))))
      return validate(entry.inline, value);
    return inLane(owner, () => thread.validate(key, entry.schema, value));
  };
  // A hand-written ClientToolLookup may not carry fingerprints; the registry always does.
  const keyOf = (schema: JsonObject, fingerprint: string | undefined, linear: boolean) =>
    `${linear ? "linear" : "ecma"}-${fingerprint ?? schemaFingerprint(schema)}`;

  return {
    async prepare(schema, fingerprint, conversationId) {
      const linear = !isServerAuthored(schema);
      const key = keyOf(schema, fingerprint, linear);
      if (linear) await clientEntry(schema, key, conversationId).compiled;
      else compileOwn(schema, key);
    },
    validate(schema, fingerprint, conversationId, value, owner) {
      const linear = !isServerAuthored(schema);
      const key = keyOf(schema, fingerprint, linear);
      return linear
        ? validateClients(clientEntry(schema, key, conversationId), key, value, owner ?? conversationId)
        : validate(compileOwn(schema, key), value);
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
      bytes = 0;
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
