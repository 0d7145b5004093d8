// Regenerates the committed bindings of every example (each folder under examples/ with a
// client-tools/ folder) with the built generator, as the CLI would there. With --check it
// writes nothing and fails on any difference: it always generates and compares, never trusting
// a manifest, so a change to the emitters or templates shows as drift; and unlike a user's
// --check, it fails on a manifest that names other generator code, so that regenerating the
// examples on a fresh clone changes nothing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count } from "../dist/generator/count.js";
import { formatDiagnostic, generate, writeGenerated } from "../dist/generator/index.js";
import { loadConfig } from "../dist/generator/options/config-file.js";
import { MANIFEST_FILE } from "../dist/generator/output-format/manifest.js";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes("--check");
// Another folder of examples may be named after the flags (the script's own test runs on copies).
const examples = path.resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? path.join(root, "examples"),
);
let failed = false;
for (const name of readdirSync(examples).sort()) {
  const folder = path.join(examples, name);
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
  const manifest = result.files.find((file) => path.basename(file.path) === MANIFEST_FILE);
  const staleManifest =
    check && report.upToDate && manifest !== undefined && readFileSync(manifest.path, "utf8") !== manifest.contents;
  if (staleManifest) console.log(`  out of date  ${show(manifest.path)} (written by other generator code)`);
  for (const file of [...report.changed, ...report.stale])
    console.log(`  ${check ? "out of date" : "wrote"}  ${show(file)}`);
  console.log(
    `examples/${name}: ${count(result.toolCount, "tool")}, ${check ? (report.upToDate && !staleManifest ? "up to date" : "out of date") : `${count(report.changed.length, "file")} written`}`,
  );
  if (check && (!report.upToDate || staleManifest)) failed = true;
}
if (failed) {
  console.error(
    check ? "generated examples are out of date: run npm run generate:examples" : "an example has problems",
  );
  process.exitCode = 1;
}
