// A worker thread of compile-pool.ts: batches of tools in, their modules out, until the pool
// terminates it.
import { parentPort } from "node:worker_threads";
import { type CompiledSchemas, compileToolModule } from "./compile-tool.js";
import type { ToolValidatorExport } from "./tool-exports.js";

// A thread lives for one run: what it compiled serves the rest of that run's tools.
const compiled: CompiledSchemas = new Map();

parentPort?.on("message", (tools: ToolValidatorExport[][]) => {
  parentPort?.postMessage(tools.map((exports) => compileToolModule(exports, compiled)));
});
