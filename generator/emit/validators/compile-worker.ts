// A worker thread of compile-pool.ts: batches of tools in, their modules out, until the pool
// terminates it.
import { parentPort } from "node:worker_threads";
import { compileToolModule } from "./compile-tool.js";
import type { ToolValidatorExport } from "./tool-exports.js";

parentPort?.on("message", (tools: ToolValidatorExport[][]) => {
  parentPort?.postMessage(tools.map(compileToolModule));
});
