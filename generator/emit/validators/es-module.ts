import { INDEX_MODULE } from "./file-names.js";

/** The runtime's entry that serves ajv's helpers and formats to generated validators. */
export const VALIDATORS_RUNTIME = "@gen-client-tools/runtime/validators";

/** One validator that a tool's module exports. */
export interface ModuleValidator {
  readonly exportName: string;
  /** The generated type it is a guard of, in types.ts. */
  readonly type: string;
  /** Its doc comment, ending in a line break. */
  readonly doc: string;
  /** ajv's standalone code for it (compile.ts). */
  readonly standalone: string;
}

// ajv's standalone code holds text from a schema only in double-quoted strings, in which a `"`
// is always escaped: an unescaped `require("` or `/*# sourceURL="` is code, never schema text.
const HEADER = /^"use strict";\nexport const validate = (validate\d+);\nexport default \1;\n/;
const RUNTIME_REQUIRE = /require\("ajv\/dist\/runtime\/(\w+)"\)\.default/g;
/** ajv's helpers that the runtime's validators entry serves (runtime/validators.ts). */
const SERVED_HELPERS: ReadonlySet<string> = new Set(["equal", "timestamp", "ucs2length", "uri", "validation_error"]);
const ANY_REQUIRE = /require\("[^"]*"\)/;
// The comment's URL is a JSON string that may itself hold `*/`: match the string, then the end
// (and the empty statement ajv puts after it).
const SOURCE_URL = /\/\*# sourceURL="(?:[^"\\]|\\.)*" \*\/;?\n?/g;
// The name compile.ts gives ajv for its formats; a use in a string only adds an unused import.
const USES_FORMATS = /(?<![\w$.])ajvFormats\b/;

/**
 * A tool's validators as one TypeScript module (without the banner), so that a plain `tsc`
 * build emits it beside the rest of the generated code (it never copies a .js file), and a
 * bundler takes it as any other source. ajv's code is plain JavaScript, unchecked
 * (`@ts-nocheck`); each export carries its type. ajv writes CommonJS `require`s even in its
 * "ESM" output; here they become one import of the runtime's validators entry (which index.ts,
 * a checked module, imports too, so a missing runtime package is a compile error there), and each validator lives in
 * its own pure function scope, so that two validators compiled by different ajv instances (with the same names inside)
 * share a module, and a bundler drops unused ones.
 */
export function validatorModule(validators: readonly ModuleValidator[]): string {
  const helpers = new Set<string>();
  let formats = false;
  const exported = validators.map(({ exportName, type, doc, standalone }) => {
    const header = HEADER.exec(standalone);
    if (header === null)
      throw new Error(`unexpected ajv standalone code for ${exportName}: ${standalone.slice(0, 80)}`);
    const body = standalone
      .slice(header[0].length)
      // A debugging aid for code ajv evaluates itself; it also holds the schema's `$id` unescaped.
      .replace(SOURCE_URL, "")
      .replace(RUNTIME_REQUIRE, (_match, name: string) => {
        if (!SERVED_HELPERS.has(name))
          throw new Error(
            `ajv's standalone code for ${exportName} needs its helper ${name}, ` +
              `which @gen-client-tools/runtime/validators does not serve`,
          );
        helpers.add(name);
        return helperName(name);
      });
    const leftover = ANY_REQUIRE.exec(body);
    if (leftover !== null)
      throw new Error(
        `ajv's standalone code for ${exportName} has ${leftover[0]}, which gen-client-tools cannot turn into an import`,
      );
    formats ||= USES_FORMATS.test(body);
    return (
      `${doc}export const ${exportName}: ClientToolValidator<${type}> ` +
      `= /*#__PURE__*/ (() => {\n${body}return ${header[1]};\n})();\n`
    );
  });

  const lines: string[] = [
    "// @ts-nocheck",
    "// ajv's generated code below is plain JavaScript: only the exports' types are checked, where they are used.",
    "",
    `import type { ${validators.map((v) => v.type).join(", ")} } from "../types.js";`,
    `import type { ClientToolValidator } from "./${INDEX_MODULE}.js";`,
  ];
  const imported = [...helpers].map(helperName);
  if (formats) imported.push("ajvFormats");
  if (imported.length > 0) lines.push(`import { ${imported.sort().join(", ")} } from "${VALIDATORS_RUNTIME}";`);
  return `${lines.join("\n")}\n\n${exported.join("\n")}`;
}

/**
 * `ucs2length` -> `ajvUcs2length`, `validation_error` -> `ajvValidationError`: the names the
 * runtime's validators entry exports them under (ajv's own names are a word and a number, so
 * these never clash).
 */
function helperName(name: string): string {
  return `ajv${name
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}`;
}
