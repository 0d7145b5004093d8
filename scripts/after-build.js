// After `tsc`: the command line's bundle, and beside dist/generator/ what a run would otherwise
// compute each time: the digest of the built generator (see generator/generator-digest.ts)
// and the text of `--help` as yargs renders it from the options table (see generator/cli/help.ts).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const dist = path.resolve(process.argv[2] ?? "dist");

// The package's code as bundles: the CLI, the programmatic API and the Vite plugin, and the
// chunks they load when asked (a run imports ~90 modules otherwise: ~40 ms of Node's module
// loading, against ~11 ms for the bundle). The generator imports the runtime through its entries
// (/core for the spec rules and the schema walker): those are bundled in, from the runtime's dist/;
// what generated code imports at run time comes from the @gen-client-tools/runtime package, and
// every other package stays an import but yargs-parser, which every run loads (as a package, its
// resolution and four modules cost ~5 ms more). The worker thread's script is an entry of its own
// beside them, where the compile pool looks for it.
const bundle = path.join(dist, "generator", "bundle");
/** The packages bundled in, a devDependency each: what every run loads, small and without dependencies. */
const BUNDLED_PACKAGES = new Set(["yargs-parser"]);
/**
 * Every package an import, as `packages: "external"` would make it, except BUNDLED_PACKAGES and the
 * runtime's entries, bundled in; the runtime's modules are side-effect free (as its package.json says), so what an
 * entry re-exports and a chunk does not use stays out of it (--help loads no ajv).
 */
const externalPackagesButRuntime = {
  name: "external-packages-but-runtime",
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === "runtime") return undefined;
      const entry = args.path.startsWith("@gen-client-tools/runtime");
      if (/^[^./]/.test(args.path) && !entry && !BUNDLED_PACKAGES.has(args.path))
        return { path: args.path, external: true };
      const inRuntime = args.importer.includes(`${path.sep}runtime${path.sep}dist${path.sep}`);
      if (!entry && !inRuntime) return undefined;
      const { kind, resolveDir } = args;
      const resolved = await build.resolve(args.path, { kind, resolveDir, pluginData: "runtime" });
      return { path: resolved.path, external: resolved.external, sideEffects: false, errors: resolved.errors };
    });
  },
};
rmSync(bundle, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(dist, "generator/cli/main.js"),
    index: path.join(dist, "generator/index.js"),
    vite: path.join(dist, "generator/vite/index.js"),
    "compile-worker": path.join(dist, "generator/emit/validators/compile-worker.js"),
  },
  outdir: bundle,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  plugins: [externalPackagesButRuntime],
  chunkNames: "chunk-[hash]",
  logLevel: "error",
});
const load = (module) => import(pathToFileURL(path.join(dist, "generator", module)).href);
const { computeGeneratorDigest, GENERATOR_DIGEST_FILE } = await load("generator-digest.js");
writeFileSync(
  path.join(dist, "generator", GENERATOR_DIGEST_FILE),
  `${JSON.stringify({ digest: computeGeneratorDigest() })}\n`,
);
const { HELP_FILE } = await load("cli/help.js");
const { renderHelp } = await load("cli/yargs-cli.js");
writeFileSync(path.join(dist, "generator/cli", HELP_FILE), await renderHelp());
