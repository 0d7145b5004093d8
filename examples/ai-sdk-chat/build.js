// Bundles the AI SDK chat: the server for Node, the React page for the browser (esbuild), into .build/.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(root, ".build");
mkdirSync(path.join(out, "web"), { recursive: true });

await Promise.all([
  build({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outfile: path.join(out, "server.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  }),
  build({
    entryPoints: [path.join(root, "src/web/main.tsx")],
    outfile: path.join(out, "web/app.js"),
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    sourcemap: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  }),
]);
for (const file of ["index.html", "app.css"])
  copyFileSync(path.join(root, "src/web", file), path.join(out, "web", file));
