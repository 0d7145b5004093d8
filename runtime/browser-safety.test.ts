import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
// Type-only imports load nothing.
const IMPORT = /(?:^|\s)(?:import|export)\s(?!type\s)[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every module reachable from `entry` by static or dynamic import: project files (relative to runtime/) and packages. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  };
  visit(join(here, entry));
  return { files: new Set([...files].map((f) => relative(join(here, ".."), f))), packages };
}

describe("what runtime/calls imports", () => {
  it("keeps browser.ts (runner, messages, observations) free of packages and Node modules", () => {
    const { files, packages } = importGraph("browser.ts");
    expect([...packages]).toEqual([]);
    expect(files).toContain("calls/runner.ts");
    expect(files).not.toContain("calls/broker.ts");
  });

  it("takes the client halves of the transports (transports/client/) into browser.ts, and none of their server halves (transports/server/)", () => {
    const { files } = importGraph("browser.ts");
    const transports = [...files].filter((file) => file.startsWith("calls/transports/"));
    expect(transports.length).toBeGreaterThan(0);
    expect(transports.filter((file) => !file.startsWith("calls/transports/client/"))).toEqual([]);
    // Every client module is there for the browser: what only a server needs belongs in server/.
    const client = readdirSync(join(here, "transports/client")).filter((name) => name.endsWith(".ts") && !name.includes(".test."));
    expect(client.map((name) => `calls/transports/client/${name}`).filter((file) => !files.has(file))).toEqual([]);
  });

  it("keeps index.ts (with the broker and every transport) to ajv, the linear-time pattern engine and project files: no Node modules, no ws, no generator dependencies", () => {
    const { files, packages } = importGraph("index.ts");
    expect([...packages].sort()).toEqual([
      "ajv",
      "ajv-formats/dist/formats.js",
      "ajv/dist/2020.js",
      "ajv/dist/runtime/equal.js",
      "ajv/dist/runtime/ucs2length.js",
      "ajv/dist/runtime/uri.js",
      "ajv/dist/runtime/validation_error.js",
      "ajv/dist/standalone/index.js",
      "re2js",
    ]);
    expect([...files].filter((f) => !/^(calls|tool-spec|fingerprint|registry|schema)\//.test(f))).toEqual([]);
  });
});
