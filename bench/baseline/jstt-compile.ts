// The baseline, run as its own process: json-schema-to-typescript's `compile()` with its
// defaults, called once per schema (each tool's parameters and output schema), on the same spec
// files gen-client-tools reads. Usage: node jstt-compile.js <spec folder> <output file>.
// Prints {"compileMs": ..., "schemas": ..., "failures": ...} on stdout; compileMs is the compile
// calls alone, without Node's start, module loading or reading.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { pascalName } from "../../generator/model/names.js";

const [folder, outFile] = process.argv.slice(2);
if (folder === undefined || outFile === undefined) throw new Error("usage: jstt-compile <spec folder> <output file>");

const jobs: { schema: unknown; typeName: string }[] = [];
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const spec = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Record<string, unknown>;
  const name = pascalName(String(spec["name"]));
  jobs.push({ schema: spec["parameters"] ?? spec["inputSchema"], typeName: `${name}Args` });
  if (spec["outputSchema"] !== undefined) jobs.push({ schema: spec["outputSchema"], typeName: `${name}Result` });
}

const outputs: string[] = [];
let failures = 0;
const started = performance.now();
for (const { schema, typeName } of jobs) {
  try {
    // Its defaults: cwd for $ref resolution, prettier formatting, a banner per file.
    outputs.push(await compile(schema as Parameters<typeof compile>[0], typeName));
  } catch {
    failures++;
  }
}
const compileMs = performance.now() - started;
writeFileSync(outFile, outputs.join("\n"));
console.log(JSON.stringify({ compileMs, schemas: jobs.length, failures }));
