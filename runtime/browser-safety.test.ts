import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
// Type-only imports load nothing.
const IMPORT = /(?:^|\s)(?:import|export)\s(?!type\s)[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const ANY_IMPORT = /(?:^|\s)(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/**
 * Every module reachable from `entry` by static or dynamic import: project files (relative to runtime/) and packages.
 */
function importGraph(
  entry: string,
  options: { readonly typeOnly?: boolean } = {},
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(options.typeOnly === true ? ANY_IMPORT : IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  };
  visit(join(here, entry));
  return { files: new Set([...files].map((f) => relative(join(here, ".."), f))), packages };
}

describe("what the runtime's entries import", () => {
  /** The entries a page may import. */
  const BROWSER_ENTRIES = ["index.ts", "bindings.ts", "wire.ts", "providers.ts"];

  it("keeps the browser entries (the root, the bindings, the wire, the providers) free of packages, Node modules and the server's half", () => {
    for (const entry of BROWSER_ENTRIES) {
      const { files, packages } = importGraph(entry);
      expect([...packages], entry).toEqual([]);
      expect([...files].filter((file) => file.startsWith("runtime/server/") || file === "runtime/server.ts")).toEqual(
        [],
      );
    }
    expect(importGraph("index.ts").files).toContain("runtime/client/runner.ts");
    expect(importGraph("bindings.ts").files).toContain("runtime/client/bindings.ts");
  });

  it("takes every module of client/ and wire/ that is not a test into a browser entry: what only a server needs belongs in server/", () => {
    const files = new Set(BROWSER_ENTRIES.flatMap((entry) => [...importGraph(entry, { typeOnly: true }).files]));
    for (const folder of ["client", "wire"]) {
      const modules = readdirSync(join(here, folder)).filter((name) => name.endsWith(".ts") && !name.includes(".test"));
      expect(modules.map((name) => `runtime/${folder}/${name}`).filter((file) => !files.has(file))).toEqual([]);
    }
  });

  it("keeps the server entry (with the broker and every transport) to ajv, the linear-time pattern engine, node:module (ajv's meta-schemas, loaded on first use) and project files: no ws, no generator dependencies", () => {
    const { files, packages } = importGraph("server.ts");
    expect([...packages].sort()).toEqual([
      "ajv",
      "ajv-formats/dist/formats.js",
      "ajv/dist/2020.js",
      "ajv/dist/runtime/equal.js",
      "ajv/dist/runtime/ucs2length.js",
      "ajv/dist/runtime/uri.js",
      "ajv/dist/runtime/validation_error.js",
      "ajv/dist/standalone/index.js",
      "node:module",
      "re2js",
    ]);
    expect(
      [...files].filter(
        (f) =>
          !/^runtime\/(server|client|wire|tool-spec|fingerprint|registry|schema|util)\/|^runtime\/server\.ts$/.test(f),
      ),
    ).toEqual([]);
  });

  it("keeps the page adapters (CopilotKit, TanStack AI, React) to their framework: no Node module, no ajv, nothing of the server", () => {
    for (const [entry, framework] of [
      ["adapters/copilotkit/index.ts", []],
      ["adapters/tanstack-ai/index.ts", ["@tanstack/ai"]],
      ["adapters/react/index.ts", ["react"]],
    ] as const) {
      const { files, packages } = importGraph(entry);
      expect([...packages], entry).toEqual(framework);
      expect(
        [...files].filter((file) => file.startsWith("runtime/server/")),
        entry,
      ).toEqual([]);
    }
  });
});
