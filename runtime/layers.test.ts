import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The runtime's folders from the bottom up (util/: the guards, timers, quoting and JSON helpers all may use): a module imports its own folder and the ones below
// it, never one above (type-only imports included: a type is a dependency too).
const LAYERS = [
  "util",
  "schema",
  "tool-spec",
  "fingerprint",
  "registry",
  "export",
  "provider-calls",
  "standard-schema",
  "wire",
  "client",
  "server",
  "adapters",
];

const here = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:^|\s)(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

describe("the runtime's layers", () => {
  it("import only their own folder and the folders below them", () => {
    const upward: string[] = [];
    for (const layer of LAYERS) {
      for (const entry of readdirSync(path.join(here, layer), { recursive: true, encoding: "utf8" })) {
        if (!entry.endsWith(".ts") || /\.test(-d)?\.ts$|__fixtures__/.test(entry)) continue;
        const file = path.join(here, layer, entry);
        for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
          const target = path.relative(here, path.resolve(path.dirname(file), match[1] ?? match[2]!));
          const targetLayer = LAYERS.indexOf(target.split(path.sep)[0]!);
          if (targetLayer > LAYERS.indexOf(layer)) upward.push(`${layer}/${entry} imports ${target}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it("name every folder of the runtime", () => {
    const folders = readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !["dist", "node_modules"].includes(d.name))
      .map((d) => d.name);
    expect(folders.sort()).toEqual([...LAYERS].sort());
  });
});
