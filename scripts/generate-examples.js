// Regenerates the committed bindings of every example (each folder under examples/ with a
// client-tools/ folder) by running the built CLI there, as a user would.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, "bin", "gen-client-tools.js");
const check = process.argv.includes("--check");
for (const name of readdirSync(path.join(root, "examples")).sort()) {
  const folder = path.join(root, "examples", name);
  if (!existsSync(path.join(folder, "client-tools"))) continue;
  console.log(`examples/${name}:`);
  execFileSync(process.execPath, [cli, ...(check ? ["--check"] : [])], { cwd: folder, stdio: "inherit" });
}
