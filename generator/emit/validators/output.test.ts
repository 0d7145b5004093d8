import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../generate.js";
import { BANNER_PREFIX } from "../../output-format/banner.js";
import { writeGenerated } from "../../write-generated.js";
import { buildWithTsc, removeTempProjects, runModule, tempProject } from "./__fixtures__/project.js";
import { allSpecs, cases } from "./__fixtures__/specs.js";

// What the check script prints for each case: the instancePaths of the errors, [] when valid.
const check = (index: string): string => `const { clientToolValidators } = await import(${JSON.stringify(index)});
const cases = JSON.parse(process.argv[2]);
const results = cases.map(([tool, role, data]) => {
  const validate = clientToolValidators[tool][role];
  if (validate(data)) return [];
  return [...new Set(validate.errors.map((error) => error.instancePath))].sort();
});
console.log(JSON.stringify({ results, pwned: globalThis.pwned ?? null }));
`;
const expected = { results: cases.map(([, , , paths]) => [...paths].sort()), pwned: null };
const input = cases.map(([tool, role, data]) => [tool, role, data]);

let project: string;
let validatorsDir: string;

beforeAll(async () => {
  project = tempProject(allSpecs);
  const result = await generate({ cwd: project, stubs: false, validators: true });
  expect(result.diagnostics).toEqual([]);
  writeGenerated(result);
  validatorsDir = path.join(project, "src/client-tools.gen/validators");
});
afterAll(removeTempProjects);

describe("the --validators output", () => {
  it("is one TypeScript module per tool and the map, each with the generated banner", () => {
    expect(readdirSync(validatorsDir).sort()).toEqual([
      "hostile_id.ts",
      "index.ts",
      "legacy_pair.ts",
      "save_contact.ts",
      "show_tree.ts",
      "standard-schemas.ts",
    ]);
    for (const file of readdirSync(validatorsDir)) {
      expect(readFileSync(path.join(validatorsDir, file), "utf8").startsWith(BANNER_PREFIX), file).toBe(true);
    }
  });

  // A Node server built with plain tsc, which copies no .js file to outDir: the validators must
  // be modules it compiles, in the project's own module format, and run from dist/.
  it.each(["module", "commonjs"] as const)(
    "builds with plain tsc in a %s project, then accepts valid data and refuses invalid data with instancePaths from dist/",
    (type) => {
      const copy = tempProject({});
      cpSync(path.join(project, "src"), path.join(copy, "src"), { recursive: true });
      expect(buildWithTsc(copy, type)).toBe("");
      expect(readdirSync(path.join(copy, "dist/client-tools.gen/validators")).sort()).toEqual([
        "hostile_id.js",
        "index.js",
        "legacy_pair.js",
        "save_contact.js",
        "show_tree.js",
        "standard-schemas.js",
      ]);
      expect(runModule(copy, "check.mjs", check("./dist/client-tools.gen/validators/index.js"), input)).toEqual(
        expected,
      );
    },
  );

  it("has no require left: every import is an import statement of the runtime package (its validators entry for ajv's helpers and formats, its bindings for the Standard Schema objects)", () => {
    const imports = new Set<string>();
    for (const file of readdirSync(validatorsDir)) {
      const text = readFileSync(path.join(validatorsDir, file), "utf8");
      expect(text, file).not.toMatch(/\brequire\s*\(/);
      for (const match of text.matchAll(/^import (?!type )[^;]*? from "([^"]+)";$/gm)) imports.add(match[1]!);
    }
    expect([...imports].filter((specifier) => !specifier.startsWith(".")).sort()).toEqual([
      "@gen-client-tools/runtime/bindings",
      "@gen-client-tools/runtime/validators",
    ]);
  });

  it("bundles with esbuild for the browser, as import statements only, and the bundle validates alike", async () => {
    writeFileSync(path.join(project, "entry.mjs"), check("./src/client-tools.gen/validators/index.ts"));
    const bundle = await build({
      entryPoints: [path.join(project, "entry.mjs")],
      absWorkingDir: project,
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const generated = Object.entries(bundle.metafile.inputs).filter(([file]) =>
      file.includes("client-tools.gen/validators/"),
    );
    expect(generated.length).toBe(5);
    for (const [file, { imports }] of generated) {
      expect(
        imports.map((i) => i.kind).filter((kind) => kind !== "import-statement"),
        file,
      ).toEqual([]);
    }
    const code = bundle.outputFiles[0]!.text;
    // The shim esbuild puts in place of a require in ES module code: it throws in a browser.
    expect(code).not.toContain("Dynamic require of");
    expect(runModule(project, "bundle.mjs", code, input)).toEqual(expected);
  });

  it("drops the validators a frontend does not import when bundling", async () => {
    const entry = path.join(project, "one.mjs");
    writeFileSync(
      entry,
      'import { validateShowTreeArgs } from "./src/client-tools.gen/validators/show_tree.ts";\nconsole.log(validateShowTreeArgs({ root: { title: "a" } }));\n',
    );
    const bundle = await build({
      entryPoints: [entry],
      absWorkingDir: project,
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    expect(Object.keys(bundle.metafile.inputs).filter((file) => file.includes("validators/"))).toEqual([
      "src/client-tools.gen/validators/show_tree.ts",
    ]);
    expect(Object.keys(bundle.metafile.inputs).some((file) => file.includes("ajv"))).toBe(false);
  });

  it("keeps ajv's sourceURL comments out: they carry the $id unescaped", () => {
    const hostile = readFileSync(path.join(validatorsDir, "hostile_id.ts"), "utf8");
    expect(hostile).not.toContain("sourceURL");
    expect(hostile).toContain('"$id":"https://example.com/a*/globalThis.pwned=1;/*"');
  });
});
