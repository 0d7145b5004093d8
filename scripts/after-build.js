// After `tsc`: the command line's bundle, and beside dist/generator/ what a run would otherwise
// compute each time: the digest of the built generator (see generator/generator-digest.ts)
// and the text of `--help` as yargs renders it from the options table (see generator/cli/help.ts).
import { realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";

// Real, as the bundler names the modules that RUN_ROOTS lists.
const dist = realpathSync(path.resolve(process.argv[2] ?? "dist"));

// The package's code as bundles: the CLI, the programmatic API and the Vite plugin, and the
// chunks they load when asked. As ~90 modules, a run spent ~40 ms in Node's module loader. One
// build, so that each module has one instance whatever entry loads it (a thrown GenerateError is
// one class, a deferred file's digest one registry). What a generating run loads is one chunk
// (RUN_ROOTS and what they import): split by which entries share each module, as bundlers split
// by default, a run loaded some 40 chunks, ~18 ms more for 10 tools. The rest (doctor, diff,
// watch, init, --validators, the proofs for older pages) stays in chunks loaded when asked. The
// generator imports the runtime through its entries (/core for the spec rules and the schema
// walker): those are bundled in, from the runtime's dist/ (side-effect free, as its package.json
// says, so --help loads no ajv); what generated code imports at run time comes from the
// @gen-client-tools/runtime package, and every other package stays an import but yargs-parser,
// which every run loads (as a package, its resolution and four modules cost ~5 ms more). The
// worker thread's script is an entry of its own beside them, where the compile pool looks for it.
const generator = (module) => path.join(dist, "generator", module);
const bundle = generator("bundle");
/** The packages bundled in, a devDependency each: what every run loads, small and without dependencies. */
const BUNDLED_PACKAGES = new Set(["yargs-parser"]);
/** The modules a generating run (and `--check`) starts from: with everything they import, one chunk. */
const RUN_ROOTS = new Set(
  ["cli/main.js", "options/config-file.js", "generate.js", "write-generated.js", "up-to-date/up-to-date.js"].map(
    generator,
  ),
);
const isExternalPackage = (id) =>
  /^[^./]/.test(id) && !path.isAbsolute(id) && !id.startsWith("@gen-client-tools/runtime") && !BUNDLED_PACKAGES.has(id);

rmSync(bundle, { recursive: true, force: true });
const build = await rolldown({
  input: {
    main: generator("cli/main.js"),
    index: generator("index.js"),
    vite: generator("vite/index.js"),
    "compile-worker": generator("emit/validators/compile-worker.js"),
  },
  platform: "node",
  external: isExternalPackage,
  // Each of these names a module that is both imported and loaded lazily, which is what RUN_ROOTS arranges.
  onLog: (level, log, handler) => log.code !== "INEFFECTIVE_DYNAMIC_IMPORT" && handler(level, log),
});
await build.write({
  dir: bundle,
  format: "esm",
  chunkFileNames: "chunk-[hash].js",
  codeSplitting: { groups: [{ name: "run", test: (id) => RUN_ROOTS.has(id) }] },
});
await build.close();
const load = (module) => import(pathToFileURL(path.join(dist, "generator", module)).href);
const { computeGeneratorDigest, GENERATOR_DIGEST_FILE } = await load("generator-digest.js");
writeFileSync(
  path.join(dist, "generator", GENERATOR_DIGEST_FILE),
  `${JSON.stringify({ digest: computeGeneratorDigest() })}\n`,
);
const { HELP_FILE } = await load("cli/help.js");
const { renderHelp } = await load("cli/yargs-cli.js");
writeFileSync(path.join(dist, "generator/cli", HELP_FILE), await renderHelp());
