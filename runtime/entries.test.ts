import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { entryDeclarations, entryExports } from "../test-support/entry-exports.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const LIST = path.join(here, "entries.json");

/** Each entry of runtime/package.json with its TypeScript source. */
function packageSources(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8")) as {
    exports: Record<string, string | Record<string, string>>;
  };
  return Object.fromEntries(
    Object.entries(manifest.exports).flatMap(([entry, target]) =>
      typeof target === "string" ? [] : [[entry, target["@gen-client-tools/source"]!]],
    ),
  );
}

describe("the runtime package's entries", () => {
  it("export exactly the names in entries.json: a new export is a decision (GCT_WRITE_ENTRIES=1 rewrites the list)", () => {
    const actual = entryExports(here, packageSources());
    if (process.env["GCT_WRITE_ENTRIES"] === "1") writeFileSync(LIST, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(LIST, "utf8")));
  });

  it("keep the root entry to what an application calls: at most 100 names", () => {
    const list = JSON.parse(readFileSync(LIST, "utf8")) as Record<string, string[]>;
    expect(list["."]!.length).toBeLessThanOrEqual(100);
  });

  it("give one name one meaning: a name exported from two entries is the same declaration in both", () => {
    const declared = entryDeclarations(here, packageSources());
    const meanings = new Map<string, Map<string, string[]>>();
    for (const [entry, names] of Object.entries(declared)) {
      for (const [name, where] of Object.entries(names)) {
        const byPlace = meanings.get(name) ?? new Map<string, string[]>();
        byPlace.set(where, [...(byPlace.get(where) ?? []), entry]);
        meanings.set(name, byPlace);
      }
    }
    const twoMeanings = [...meanings]
      .filter(([, byPlace]) => byPlace.size > 1)
      .map(([name, byPlace]) => [name, [...byPlace.values()]]);
    expect(twoMeanings).toEqual([]);
  });
});
