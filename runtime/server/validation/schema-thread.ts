// The thread that compiles and runs the validators of clients' schemas (see
// client-schema-thread.ts): it keeps each compiled validator under its key until told to drop it.
import { parentPort } from "node:worker_threads";
import type { JsonObject } from "../../util/json.js";
import { type CompiledValidator, validate } from "../../wire/validation.js";
import { clientSchemaCode } from "./client-schema-code.js";
import type { ThreadReply, ThreadRequest } from "./client-schema-thread-options.js";
import { loadClientValidator } from "./client-validator.js";

const validators = new Map<string, CompiledValidator>();

const compiled = (key: string, schema: JsonObject): { readonly fn: CompiledValidator; readonly code: string } => {
  const code = clientSchemaCode(schema);
  const fn = loadClientValidator(code);
  validators.set(key, fn);
  return { fn, code };
};

const reply = (message: ThreadReply): void => parentPort?.postMessage(message);

const handle = (message: ThreadRequest): ThreadReply | undefined => {
  if (message.op === "drop") {
    validators.delete(message.key);
    return undefined;
  }
  const { id, key } = message;
  try {
    if (message.op === "compile") {
      const { code } = compiled(key, message.schema);
      return message.withCode === true ? { id, code } : { id };
    }
    let fn = validators.get(key);
    if (fn === undefined && message.schema !== undefined) {
      fn = compiled(key, message.schema).fn;
      // The validation's deadline starts now, apart from the compile's.
      reply({ id, compiled: true });
    }
    return fn === undefined ? { id, missing: true } : { id, problems: validate(fn, message.value) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
};

// Loaded: the deadline of what it does starts now, not while ajv loads.
reply({ ready: true });
parentPort?.on("message", (message: ThreadRequest) => {
  const answer = handle(message);
  if (answer !== undefined) reply(answer);
});
