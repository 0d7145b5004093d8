// Loaded with `node --import` into a measured child process: at exit, writes the process's
// peak resident set size (KB) to the file GCT_BENCH_PEAK_RSS names. Only the untimed memory
// run loads it, so timed runs carry no instrumentation.
import { writeFileSync } from "node:fs";

const file = process.env["GCT_BENCH_PEAK_RSS"];
if (file !== undefined) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
