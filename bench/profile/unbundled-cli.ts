// The CLI from dist/'s modules instead of the bin's bundle, for the profiler: its shares then
// name the generator's own files (generator/emit/schema-types/object-type.js) instead of chunks.
import { run } from "../../generator/cli/main.js";

await run();
