import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { banner } from "../emit/banner.js";
import { PACKAGE_JSON_CONTENTS } from "../emit/validators/file-names.js";
import { generate } from "../generate.js";
import { writeGenerated } from "../write-generated.js";
import { writeFiles } from "./write-files.js";

afterEach(removeTempProjects);

const generated = (body: string): string => `${banner()}${body}\n`;

describe("writeFiles: stale generated files", () => {
  it("deletes the validators' package.json when it is exactly the generated one, and the folder it leaves empty", () => {
    const folder = tempProject({
      "gen/index.ts": generated("export {};"),
      "gen/validators/a.js": generated("export const a = 1;"),
      "gen/validators/package.json": PACKAGE_JSON_CONTENTS,
    });
    const out = path.join(folder, "gen");
    const report = writeFiles([{ path: path.join(out, "index.ts"), contents: generated("export {};") }], out, false);
    expect(report.stale).toEqual([path.join(out, "validators/a.js"), path.join(out, "validators/package.json")]);
    expect(readdirSync(out)).toEqual(["index.ts"]);
  });

  it("keeps a package.json the user changed, and one of the same contents elsewhere", () => {
    const edited = PACKAGE_JSON_CONTENTS.replace('"type"', '"sideEffects": false,\n  "type"');
    const folder = tempProject({
      "gen/validators/package.json": edited,
      "gen/package.json": PACKAGE_JSON_CONTENTS,
      "gen/other/validators/package.json": PACKAGE_JSON_CONTENTS,
    });
    const out = path.join(folder, "gen");
    expect(writeFiles([], out, false).stale).toEqual([]);
    expect(readFileSync(path.join(out, "validators/package.json"), "utf8")).toBe(edited);
    expect(existsSync(path.join(out, "package.json"))).toBe(true);
    expect(existsSync(path.join(out, "other/validators/package.json"))).toBe(true);
  });

  it("with check, reports the stale package.json and deletes nothing", () => {
    const folder = tempProject({ "gen/validators/package.json": PACKAGE_JSON_CONTENTS });
    const out = path.join(folder, "gen");
    expect(writeFiles([], out, true).stale).toEqual([path.join(out, "validators/package.json")]);
    expect(existsSync(path.join(out, "validators/package.json"))).toBe(true);
  });
});

describe("turning --validators off", () => {
  it("removes every validator file, package.json included, and --check is clean after", async () => {
    const cwd = tempProject({ "client-tools/ping.json": { name: "ping", description: "Ping.", parameters: { type: "object", properties: { n: { type: "integer" } } } } });
    writeGenerated(await generate({ cwd, stubs: false, validators: true }));
    const validators = path.join(cwd, "src/client-tools.gen/validators");
    expect(readdirSync(validators)).toContain("package.json");

    const without = await generate({ cwd, stubs: false });
    expect(writeGenerated(without, { check: true }).stale.map((file) => path.relative(validators, file))).toContain("package.json");
    writeGenerated(without);
    expect(existsSync(validators)).toBe(false);
    expect(writeGenerated(without, { check: true }).upToDate).toBe(true);
  });
});
