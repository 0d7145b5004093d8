import { toolDefinition, type InferToolInput, type InferToolOutput } from "@tanstack/ai";
import { clientToolSchemas } from "../examples/frameworks/src/client-tools.gen/validators/standard-schemas.js";
const def = toolDefinition({ name: "open_file_viewer", description: "x", inputSchema: clientToolSchemas.open_file_viewer.args, outputSchema: clientToolSchemas.open_file_viewer.result });
const c = def.client((args) => { const n: number = args; return { opened: true }; });
type I = InferToolInput<typeof c>;
const i: I = 5;
type O = InferToolOutput<typeof c>;
const o: O = 5;
