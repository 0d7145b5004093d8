// Bundles the walkthrough: the server for Node, the page for the browser (esbuild), into .build/.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(root, ".build");
mkdirSync(out, { recursive: true });
await Promise.all([
  build({
    entryPoints: [path.join(root, "src/server.ts")],
    outfile: path.join(out, "server.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  }),
  build({
    entryPoints: [path.join(root, "src/page.ts")],
    outfile: path.join(out, "page.js"),
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    logLevel: "warning",
  }),
]);
copyFileSync(path.join(root, "src/index.html"), path.join(out, "index.html"));
