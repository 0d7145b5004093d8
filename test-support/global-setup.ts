import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { newestRuntimeSource, RUNTIME_PACKAGE } from "./runtime-package.js";

/**
 * Before any test: the runtime package built (runtime/dist/), when its sources are newer than
 * the build. Tests import the runtime from its sources; what they run in child processes and
 * temp projects imports the package as a user does, from its dist/.
 */
export default function setup(): void {
  const built = path.join(RUNTIME_PACKAGE, "dist/index.js");
  if (existsSync(built) && statSync(built).mtimeMs >= newestRuntimeSource()) return;
  execFileSync("npm", ["run", "build", "--workspace", "@gen-client-tools/runtime"], {
    cwd: path.dirname(RUNTIME_PACKAGE),
    stdio: "ignore",
  });
}
