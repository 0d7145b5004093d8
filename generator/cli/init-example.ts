import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import type { InitExample } from "./init-arguments.js";

/** The example's files, as examples/<name>/ holds them (the package ships them): each written where it lies there. */
const FILES: Readonly<Record<InitExample, readonly string[]>> = {
  walkthrough: [
    "client-tools/get_location.json",
    "client-tools/open_file_viewer.json",
    "gen-client-tools.config.json",
    "tsconfig.json",
    "build.js",
    "src/client-tool-handlers.ts",
    "src/page-ui.ts",
    "src/server.ts",
    "src/page.ts",
    "src/index.html",
  ],
};

/** What `npm run dev` runs in the example: generate, bundle, serve. */
const DEV = "gen-client-tools && node build.js && node .build/server.js";

/** The packages the example needs beside the two of this project: esbuild bundles the server and the page. */
const DEV_TOOLS = ["esbuild"];

/**
 * `gen-client-tools init --example <name>`: the example's specs, config, sources, page and build script, and the
 * package settings it runs with (`"type": "module"`, a `dev` script), so that `npm run dev` serves it. Refuses (exit 1,
 * naming each file) when any of its files exists, and then writes nothing.
 */
export function initExample(cwd: string, example: InitExample): number {
  const files = FILES[example];
  const taken = files.filter((file) => existsSync(path.join(cwd, file)));
  if (taken.length > 0) {
    for (const file of taken)
      console.error(`gen-client-tools init: ${file} already exists: run init --example in an empty folder`);
    console.error("gen-client-tools init: nothing was created");
    return 1;
  }
  const from = path.join(packageRoot(), "examples", example);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
    writeFileSync(path.join(cwd, file), readFileSync(path.join(from, file)), { flag: "wx" });
  }
  const { manifest, devScript } = withExampleSettings(readManifest(cwd), cwd);
  writeFileSync(path.join(cwd, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const listed = new Set(
    ["dependencies", "devDependencies"].flatMap((key) => Object.keys((manifest[key] as object | undefined) ?? {})),
  );
  const missing = (names: readonly string[]) => names.filter((name) => !listed.has(name));
  const installs = [
    ...missing(["@gen-client-tools/runtime"]).map((name) => `npm i ${name}`),
    ...(missing(["gen-client-tools", ...DEV_TOOLS]).length > 0
      ? [`npm i -D ${missing(["gen-client-tools", ...DEV_TOOLS]).join(" ")}`]
      : []),
  ];
  console.log(
    [
      `gen-client-tools init: created the ${example} example (${files.join(", ")}) and set package.json's type and dev script`,
      "",
      "Next steps:",
      ...installs.map((line) => `  ${line}`),
      `  npm run dev      ${devScript === DEV ? "generate, bundle and serve; open the URL it prints" : `(your dev script stays: the example's is ${DEV})`}`,
    ].join("\n"),
  );
  return 0;
}

type Manifest = Record<string, unknown>;

function readManifest(cwd: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** The project's package.json with `"type": "module"` and a `dev` script (one it has stays). */
function withExampleSettings(
  manifest: Manifest | undefined,
  cwd: string,
): { readonly manifest: Manifest; readonly devScript: string } {
  const base: Manifest = manifest ?? { name: path.basename(path.resolve(cwd)), private: true };
  const scripts = (base["scripts"] as Record<string, string> | undefined) ?? {};
  const devScript = scripts["dev"] ?? DEV;
  return { manifest: { ...base, type: "module", scripts: { ...scripts, dev: devScript } }, devScript };
}
