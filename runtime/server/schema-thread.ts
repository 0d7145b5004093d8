// The thread that writes the code of clients' schemas (see compile-thread.ts): a schema in,
// its standalone code (or why ajv refused it) out.
import { parentPort } from "node:worker_threads";
import type { JsonObject } from "../schema/json.js";
import { clientSchemaCode } from "./client-schema-code.js";

// Loaded: the deadline of what it writes starts now, not while ajv loads.
parentPort?.postMessage({ ready: true });
parentPort?.on("message", ({ id, schema }: { id: number; schema: JsonObject }) => {
  try {
    parentPort?.postMessage({ id, code: clientSchemaCode(schema) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
