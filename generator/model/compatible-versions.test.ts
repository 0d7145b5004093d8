import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { clientToolContractOf, parseClientToolSpecs } from "@gen-client-tools/runtime/core";
import { ClientCallBroker, createClientToolsHandler, toNodeListener } from "@gen-client-tools/runtime/server";
import { decodeClientToolEvent, decodeClientToolMismatchEvent } from "@gen-client-tools/runtime/wire";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";
import { createGenerationCache } from "../cache/generation-cache.js";
import { generate } from "../generate.js";
import { runGeneration } from "../run-generation.js";
import { writeGenerated } from "../write-generated.js";

// A tool's history as the generator sees it, run after run in one project: each change proved safe for a page built
// before it keeps that page's version listed in the spec (`fingerprints.compatible`), and the server built from the
// new specs sends that page its calls.
afterAll(removeTempProjects);

const location = (outputSchema: object, parameters?: object) => ({
  name: "get_location",
  description: "The user's city.",
  ...(parameters !== undefined && { parameters }),
  outputSchema,
});
const city = (rules: object = {}) => ({
  type: "object",
  properties: { city: { type: "string", ...rules } },
  required: ["city"],
});

/** Writes the spec, generates, writes; returns the generated specs and the manifest's versions. */
async function run(cwd: string, spec: object) {
  writeProjectFiles(cwd, { "client-tools/get_location.json": spec });
  const result = await generate({ cwd, stubs: false, prettier: false });
  expect(result.diagnostics).toEqual([]);
  writeGenerated(result);
  const out = path.join(cwd, "src/client-tools.gen");
  const manifest = JSON.parse(readFileSync(path.join(out, "gen-client-tools.manifest.json"), "utf8")) as {
    versions: Record<string, string[]>;
  };
  const specs = [...readFileSync(path.join(out, "specs.ts"), "utf8").matchAll(/JSON\.parse\(String\.raw`([^`]*)`\)/g)];
  return {
    spec: JSON.parse(specs[0]![1]!) as { fingerprints: { compatible?: string[] } },
    versions: manifest.versions["get_location"]!,
  };
}

describe("a tool's earlier versions proved compatible", () => {
  it("are listed after a change safe for older pages, kept while nothing changes, and dropped by one that is not", async () => {
    const cwd = tempProject({ "package.json": { type: "module" } }, "gct-history-");
    const v1 = await run(cwd, location(city({ maxLength: 200 })));
    expect(v1.spec.fingerprints.compatible).toBeUndefined();
    const [first] = v1.versions;

    // The answer's rule dropped: every answer an older page gives is valid under the new schema.
    const v2 = await run(cwd, location(city()));
    expect(v2.spec.fingerprints.compatible).toEqual([first]);
    expect(v2.versions).toEqual([v2.versions[0], first]);
    // Unchanged, the next run keeps the list, and --check finds the output up to date.
    expect((await run(cwd, location(city()))).spec.fingerprints.compatible).toEqual([first]);
    const check = await generate({ cwd, stubs: false, prettier: false });
    expect(writeGenerated(check, { check: true }).upToDate).toBe(true);

    // The parameters narrowed (a page built before takes every new call): both earlier versions stay, the latest first.
    const narrowed = { type: "object", properties: { precise: { type: "boolean" } }, additionalProperties: false };
    const v3 = await run(cwd, location(city(), narrowed));
    expect(v3.spec.fingerprints.compatible).toEqual([v2.versions[0], first]);

    // The answer narrowed: an older page's answer may be refused, so no earlier version is listed any more.
    const v4 = await run(cwd, location(city({ enum: ["Lyon", "Paris"] }), narrowed));
    expect(v4.spec.fingerprints.compatible).toBeUndefined();
    expect(v4.versions).toHaveLength(1);
  });

  it("are not taken from an output folder edited by hand", async () => {
    const cwd = tempProject({ "package.json": { type: "module" } }, "gct-history-edited-");
    await run(cwd, location(city({ maxLength: 200 })));
    const specsFile = path.join(cwd, "src/client-tools.gen/specs.ts");
    // The previous answer's schema edited in place, the manifest left as it was: it no longer names this version.
    writeFileSync(specsFile, readFileSync(specsFile, "utf8").replace('"maxLength": 200', '"maxLength": 100'));
    expect((await run(cwd, location(city()))).spec.fingerprints.compatible).toBeUndefined();
  });

  it("are found in one process (--watch) in the specs the run before generated, without specs.ts", async () => {
    const cwd = tempProject({ "package.json": { type: "module" } }, "gct-history-watch-");
    const cache = createGenerationCache();
    const rerun = async (spec: object) => {
      writeProjectFiles(cwd, { "client-tools/get_location.json": spec });
      const result = await runGeneration({ cwd, stubs: false, prettier: false }, cache);
      expect(result.diagnostics).toEqual([]);
      writeGenerated(result);
      return result;
    };
    const first = await rerun(location(city({ maxLength: 200 })));
    const manifest = first.files.find((file) => file.path.endsWith("gen-client-tools.manifest.json"))!;
    const [version] = (JSON.parse(manifest.contents) as { versions: Record<string, string[]> }).versions[
      "get_location"
    ]!;
    // Only the run before, in this process, still knows that version's schemas.
    rmSync(path.join(cwd, "src/client-tools.gen/specs.ts"));
    const second = await rerun(location(city()));
    const specs = second.files.find((file) => file.path.endsWith("specs.ts"))!.contents;
    expect(specs).toContain(`"compatible": [\n      "${version}"\n    ]`);
  });

  it("let a page built before the change run the new server's calls over SSE; a page built before an unsafe one gets the mismatch", async () => {
    const cwd = tempProject({ "package.json": { type: "module" } }, "gct-history-page-");
    const older = location(city({ maxLength: 200 }));
    await run(cwd, older);
    const current = (await run(cwd, location(city()))).spec;
    const olderPage = clientToolContractOf(parseClientToolSpecs([older]));
    const unsafePage = clientToolContractOf(parseClientToolSpecs([location(city({ enum: ["Lyon"] }))]));

    const broker = new ClientCallBroker({ tools: [current as never] });
    const server = createServer(
      toNodeListener(createClientToolsHandler(broker, { authenticate: (r) => r.headers.get("x-owner") ?? undefined })),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const firstEvent = async (owner: string, contract: string) => {
        const response = await fetch(`${origin}/client-tools/events?tools=${contract}`, {
          headers: { "x-owner": owner },
        });
        const reader = response.body!.getReader();
        // Blocks end in a blank line; the stream may open with a comment block (": …").
        let text = "";
        let block: string | undefined;
        while (block === undefined) {
          text += new TextDecoder().decode((await reader.read()).value);
          block = text.split("\n\n").find((part, i, all) => i < all.length - 1 && part.startsWith("event: "));
        }
        await reader.cancel();
        const [event, data] = block.split("\n").map((line) => line.slice(line.indexOf(": ") + 2));
        return { event, data: data! };
      };
      const sent = firstEvent("alice", olderPage);
      const call = broker.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "a1",
        args: {},
      });
      const event = await sent;
      expect(event.event).toBe("client_tool");
      const { requestId } = decodeClientToolEvent(event.data)!;
      const answered = await fetch(`${origin}/client-tools/${requestId}`, {
        method: "POST",
        headers: { "x-owner": "alice", "content-type": "application/json" },
        body: JSON.stringify({ result: { city: "Lyon" }, attempt: 1 }),
      });
      expect(answered.status).toBe(200);
      await expect(call).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });

      const refused = firstEvent("bob", unsafePage);
      const outOfDate = broker.dispatch({
        conversationId: "c2",
        owner: "bob",
        toolName: "get_location",
        toolCallId: "b1",
        args: {},
      });
      const mismatch = await refused;
      expect(decodeClientToolMismatchEvent(mismatch.data)).toMatchObject({
        toolName: "get_location",
        differs: ["result"],
      });
      await expect(outOfDate).resolves.toEqual({ status: "client_out_of_date", differs: ["result"] });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await broker.close();
    }
  });
});
