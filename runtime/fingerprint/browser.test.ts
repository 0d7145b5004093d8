import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { schemaFingerprint } from "./fingerprint.js";

/** Bundles an entry for the browser: esbuild fails on any `node:` import on the way. */
async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "runtime",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const schema = { type: "object", properties: { b: { type: "string" }, a: { type: "integer", minimum: 1.0 } } };

describe("in a browser", () => {
  it("fingerprints with the pure sha256, the same digest as in Node", async () => {
    const code = await bundleForBrowser("../index.ts");
    // A context with no `process`, like a page: only what browsers have and the code uses.
    const context = { TextEncoder, DataView, Uint8Array, Int32Array };
    const fingerprint = runInNewContext(
      `${code}; runtime.schemaFingerprint(${JSON.stringify(schema)})`,
      context,
    ) as unknown;
    expect(fingerprint).toBe(schemaFingerprint(schema));
  });

  it.each(["../index.ts", "../registry/registry.ts", "../export/export-client-tools.ts"])(
    "bundles %s without Node modules",
    async (entry) => {
      const code = await bundleForBrowser(entry);
      expect(code).not.toMatch(/(?:from|require\(|import\()\s*["']node:/);
      expect(code).not.toMatch(/ts-morph|prettier|yargs|generator\//);
    },
  );
});
