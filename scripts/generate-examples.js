// Regenerates the committed bindings of every example (each folder under examples/ with a
// client-tools/ folder) with the built generator, as the CLI would there. With --check it
// writes nothing and fails on any difference: it always generates and compares, never trusting
// a manifest, so a change to the emitters or templates shows as drift.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count } from "../dist/generator/count.js";
import { formatDiagnostic, generate, writeGenerated } from "../dist/generator/index.js";
import { loadConfig } from "../dist/generator/options/config-file.js";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes("--check");
let failed = false;
for (const name of readdirSync(path.join(root, "examples")).sort()) {
  const folder = path.join(root, "examples", name);
  if (!existsSync(path.join(folder, "client-tools"))) continue;
  const config = loadConfig(undefined, folder);
  const result =
    config.diagnostics.length > 0
      ? { diagnostics: config.diagnostics }
      : await generate({ ...config.options, cwd: folder });
  if (result.diagnostics.length > 0) {
    for (const diagnostic of result.diagnostics) console.error(`examples/${name}/${formatDiagnostic(diagnostic)}`);
    failed = true;
    continue;
  }
  const report = writeGenerated(result, { check });
  const show = (file) => path.relative(root, file);
  for (const file of [...report.changed, ...report.stale])
    console.log(`  ${check ? "out of date" : "wrote"}  ${show(file)}`);
  console.log(
    `examples/${name}: ${count(result.toolCount, "tool")}, ${check ? (report.upToDate ? "up to date" : "out of date") : `${count(report.changed.length, "file")} written`}`,
  );
  if (check && !report.upToDate) failed = true;
}
if (failed) {
  console.error(
    check ? "generated examples are out of date: run npm run generate:examples" : "an example has problems",
  );
  process.exitCode = 1;
}
