// After `tsc`: writes beside dist/generator/ what a run would otherwise compute each time: the
// digest of the built generator (see generator/manifest/generator-digest.ts) and the text of
// `--help` as yargs renders it from the options table (see generator/cli/help.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[2] ?? "dist");
const load = (module) => import(pathToFileURL(path.join(dist, "generator", module)).href);
const { computeGeneratorDigest, GENERATOR_DIGEST_FILE } = await load("manifest/generator-digest.js");
writeFileSync(path.join(dist, "generator", GENERATOR_DIGEST_FILE), `${JSON.stringify({ digest: computeGeneratorDigest() })}\n`);
const { HELP_FILE } = await load("cli/help.js");
const { renderHelp } = await load("cli/yargs-cli.js");
writeFileSync(path.join(dist, "generator/cli", HELP_FILE), await renderHelp());
