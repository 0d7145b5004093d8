import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILE, DEFAULT_IN, DEFAULT_OUT, DEFAULT_STUBS } from "../defaults.js";
import { GenerateError } from "../diagnostics.js";
import { loadFormatter } from "../format/prettier.js";
import { folderAlias, isInside, projectCodeFolder } from "../load/path-alias.js";
import { prettierApplies } from "../load/prettier-config.js";

const EXAMPLE_TOOL = "open_file_viewer";

/**
 * Where the spec format's JSON Schema is from a spec file in the default folder: editors complete and check with it.
 */
export const SPEC_SCHEMA_FROM_SPEC_FOLDER = "../node_modules/gen-client-tools/client-tool-spec.schema.json";

const exampleSpec = {
  $schema: SPEC_SCHEMA_FROM_SPEC_FOLDER,
  name: EXAMPLE_TOOL,
  description: "Open a file viewer panel in the user's browser showing the given file.",
  parameters: {
    type: "object",
    properties: {
      file_path: { type: "string", description: "Path of the file, relative to the workspace root." },
      line: { type: "integer", minimum: 1, description: "Line to scroll to." },
    },
    required: ["file_path"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};

/**
 * `gen-client-tools init`: a spec folder with one example tool and a config file naming the
 * defaults, then the next steps. Refuses (exit 1, naming each one) when either already exists,
 * and then creates nothing: it never overwrites a file. Where the project configures prettier,
 * the files are written as its prettier formats them, so that `prettier --check` passes.
 */
export async function initCommand(cwd: string): Promise<number> {
  const specFolder = path.join(cwd, DEFAULT_IN);
  const configFile = path.join(cwd, CONFIG_FILE);
  const taken = [specFolder, configFile].filter((file) => existsSync(file));
  if (taken.length > 0) {
    for (const file of taken)
      console.error(
        `gen-client-tools init: ${path.basename(file)} already ` +
          `exists: move it away, or edit it instead of running init`,
      );
    console.error("gen-client-tools init: nothing was created");
    return 1;
  }
  const exampleFile = path.join(specFolder, `${EXAMPLE_TOOL}.json`);
  const { out, stubs } = layoutOf(cwd);
  const config = { in: DEFAULT_IN, out, stubs };
  let files = [
    { path: exampleFile, contents: `${JSON.stringify(exampleSpec, null, 2)}\n` },
    { path: configFile, contents: `${JSON.stringify(config, null, 2)}\n` },
  ];
  if (prettierApplies("auto", specFolder)) {
    try {
      files = await (await loadFormatter(specFolder, cwd)).format(files);
    } catch (error) {
      if (!(error instanceof GenerateError)) throw error;
      // The user's prettier cannot format JSON: the files are written as JSON.stringify writes them.
    }
  }
  // Non-recursive mkdir and "wx" fail rather than overwrite, should something appear meanwhile.
  mkdirSync(specFolder);
  for (const file of files) writeFileSync(file.path, file.contents, { flag: "wx" });
  const created = [
    [`${DEFAULT_IN}/${EXAMPLE_TOOL}.json`, "an example tool: edit it, and add one JSON file per client tool"],
    [CONFIG_FILE, "where specs are read from and code is written to"],
  ];
  const width = Math.max(...created.map(([file]) => file!.length));
  const installed = installedPackages(cwd);
  const installs = [
    ...(installed.has("@gen-client-tools/runtime")
      ? []
      : ["npm i @gen-client-tools/runtime   what your app and the generated code import (a dependency)"]),
    ...(installed.has("gen-client-tools")
      ? []
      : ["npm i -D gen-client-tools         this command, a dev dependency only"]),
  ];
  const steps = [
    ...(installs.length === 0 ? [] : [installs]),
    [
      `npx gen-client-tools           generate ${out}/ and your handlers file ${stubs}`,
      "npx gen-client-tools --watch   the same, again on every save",
    ],
    [`fill in the handlers in ${stubs}; dispatch actions with dispatchClientAction`],
    [`on the server: registerClientTools(registry) from ${importPath(cwd, out)}/specs`],
    ["in CI: npx gen-client-tools --check   (fails when the generated files are stale)"],
  ];
  console.log(
    [
      "gen-client-tools init: created",
      ...created.map(([file, what]) => `  ${file!.padEnd(width)}   ${what}`),
      "",
      "Next steps:",
      ...steps.flatMap((lines, i) => lines.map((line, j) => `  ${j === 0 ? `${i + 1}.` : "  "} ${line}`)),
    ].join("\n"),
  );
  return 0;
}

/**
 * Where the project keeps its code, as `init` writes it in the config: beside the app (in the folder the tsconfig's
 * `@/*` maps, so that `@/client-tools.gen` resolves), with the defaults' names.
 */
function layoutOf(cwd: string): { readonly out: string; readonly stubs: string } {
  const folder = path.relative(cwd, projectCodeFolder(cwd)).split(path.sep).join("/");
  const within = (name: string) => (folder === "" ? name : `${folder}/${name}`);
  return { out: within(path.posix.basename(DEFAULT_OUT)), stubs: within(path.posix.basename(DEFAULT_STUBS)) };
}

/** How the project's code imports the output folder: through its alias when one reaches it. */
function importPath(cwd: string, out: string): string {
  const alias = folderAlias(cwd);
  const folder = path.resolve(cwd, out);
  if (alias === undefined || !isInside(folder, alias.folder)) return out;
  return `${alias.prefix}${path.relative(alias.folder, folder).split(path.sep).join("/")}`;
}

/** The packages the project's package.json lists (as dependencies of any kind); none when it has none. */
function installedPackages(cwd: string): ReadonlySet<string> {
  try {
    const manifest = JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8")) as Record<string, unknown>;
    const lists = ["dependencies", "devDependencies", "optionalDependencies"].map((key) => manifest[key]);
    return new Set(lists.flatMap((list) => (typeof list === "object" && list !== null ? Object.keys(list) : [])));
  } catch {
    return new Set();
  }
}
