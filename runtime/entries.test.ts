import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { entryExports } from "../test-support/entry-exports.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const LIST = path.join(here, "entries.json");

describe("the runtime package's entries", () => {
  it("export exactly the names in entries.json: a new export is a decision (GCT_WRITE_ENTRIES=1 rewrites the list)", () => {
    const manifest = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8")) as {
      exports: Record<string, string | Record<string, string>>;
    };
    const sources = Object.fromEntries(
      Object.entries(manifest.exports).flatMap(([entry, target]) =>
        typeof target === "string" ? [] : [[entry, target["@gen-client-tools/source"]!]],
      ),
    );
    const actual = entryExports(here, sources);
    if (process.env["GCT_WRITE_ENTRIES"] === "1") writeFileSync(LIST, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(LIST, "utf8")));
  });
});
