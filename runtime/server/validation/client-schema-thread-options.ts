// The client-schema thread's interface, options and messages, and its default deadlines.
import type { JsonObject } from "../../util/json.js";
import type { ValidationProblem } from "../../wire/validation.js";

/**
 * Compiles clients' schemas and validates values against them, away from the thread that
 * serves requests: a client chooses both the schema and the value, and so how long checking
 * one takes (`uniqueItems` over objects is quadratic in ajv; 500 `patternProperties` match every
 * key 500 times).
 */
export interface ClientSchemaThread {
  /**
   * Whether the work is done in a thread apart (false where there are no worker threads: it is done in the caller's).
   */
  readonly apart: boolean;
  /**
   * Compiles the schema and keeps it under `key`; resolves to the validator's standalone code when
   * `withCode` (for a small schema the caller may also run where it is); rejects with ajv's reason,
   * or past the compile deadline.
   */
  compile(key: string, schema: JsonObject, withCode?: boolean): Promise<string | undefined>;
  /**
   * The value's problems against the schema kept under `key` (compiled again from `schema` where the
   * thread restarted since); `undefined` when it matches. Past the validation deadline the thread is
   * stopped and the value gets one problem: it is too costly to check.
   */
  validate(key: string, schema: JsonObject, value: unknown): Promise<readonly ValidationProblem[] | undefined>;
  /** The schema under `key` is no longer used. */
  drop(key: string): void;
  /** Stops the thread; what it was doing is rejected. */
  close(): void;
}

export interface ClientSchemaThreadOptions {
  /**
   * How long compiling one schema may take (a schema at the registry's limits takes about a second). Default 20,000 ms.
   */
  readonly compileDeadlineMs?: number;
  /** How long validating one value may take. Default 500 ms. */
  readonly validationDeadlineMs?: number;
}

/** The thread's requests and replies (schema-thread.ts is the other end). */
export type ThreadRequest =
  | {
      readonly op: "compile";
      readonly id: number;
      readonly key: string;
      readonly schema: JsonObject;
      readonly withCode?: true;
    }
  | {
      readonly op: "validate";
      readonly id: number;
      readonly key: string;
      readonly schema?: JsonObject;
      readonly value: unknown;
    }
  | { readonly op: "drop"; readonly key: string };

export type ThreadReply =
  | { readonly ready: true }
  | { readonly id: number; readonly ready?: undefined; readonly compiled: true }
  | {
      readonly id: number;
      readonly ready?: undefined;
      readonly compiled?: undefined;
      readonly problems?: readonly ValidationProblem[] | undefined;
      readonly code?: string;
      readonly missing?: true;
      readonly error?: string;
    };

export const DEFAULT_COMPILE_DEADLINE_MS = 20_000;

export const DEFAULT_VALIDATION_DEADLINE_MS = 500;
