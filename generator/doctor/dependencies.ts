import path from "node:path";
import { relativePath } from "../relative-path.js";
import { type DoctorFinding, problem, warning } from "./finding.js";
import { type PackageManifest, readManifest } from "./package-json.js";

const CHECK = "dependencies";
const RUNTIME = "@gen-client-tools/runtime";
const GENERATOR = "gen-client-tools";

/**
 * Where the two packages are declared: the runtime, which the server and the page import, among
 * `dependencies` (a production install leaves out the others); the generator, with its compiler
 * and formatter, among `devDependencies`; and the two installed at the same release, since the
 * generated code is written for its runtime.
 */
export function checkDependencies(manifest: PackageManifest, cwd: string): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const file = relativePath(cwd, manifest.file);
  if (manifest.dependencies[RUNTIME] === undefined) {
    findings.push(
      manifest.devDependencies[RUNTIME] === undefined
        ? problem(
            CHECK,
            `${file} does not depend on ${RUNTIME}, which the generated code imports`,
            `npm install ${RUNTIME}`,
          )
        : problem(
            CHECK,
            `${file} has ${RUNTIME} in devDependencies: a production install ` +
              `(npm ci --omit=dev) leaves out what the server and the page import`,
            `move it to dependencies: npm install ${RUNTIME}`,
          ),
    );
  }
  if (manifest.dependencies[GENERATOR] !== undefined) {
    findings.push(
      warning(
        CHECK,
        `${file} has ${GENERATOR} in dependencies: the generator's ` +
          `tooling (TypeScript's compiler, prettier) ships with the server`,
        `move it to devDependencies: npm install --save-dev ${GENERATOR}`,
      ),
    );
  }
  const folder = path.dirname(manifest.file);
  const runtime = readManifest(path.join(folder, "node_modules", RUNTIME, "package.json"));
  const generator = readManifest(path.join(folder, "node_modules", GENERATOR, "package.json"));
  if (
    runtime?.version !== undefined &&
    generator?.version !== undefined &&
    release(runtime.version) !== release(generator.version)
  ) {
    findings.push(
      problem(
        CHECK,
        `${GENERATOR} ${generator.version} writes code for ${RUNTIME} ` +
          `${release(generator.version)}, and ${runtime.version} is installed`,
        `install the same release of both: npm install ${RUNTIME}@${generator.version}`,
      ),
    );
  }
  return findings;
}

/** A version's release: major.minor (0.x: the minor is the major). */
function release(version: string): string {
  const [major, minor] = version.split(".");
  return `${major}.${minor}`;
}
