import {
  closeSync,
  existsSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlink,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { generate } from "../generate.js";
import { banner } from "../output-format/banner.js";
import { writeGenerated } from "../write-generated.js";
import { writeFiles } from "./write-files.js";

// Called through, and counted: the order of a run's renames and removals is what makes them cheap.
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return { ...fs, linkSync: vi.fn(fs.linkSync), renameSync: vi.fn(fs.renameSync), unlink: vi.fn(fs.unlink) };
});

afterEach(removeTempProjects);

const generated = (body: string): string => `${banner()}${body}\n`;

describe("writeFiles: the text written", () => {
  it("writes a file of several megabytes byte for byte, a surrogate pair across each piece's end and other characters included", () => {
    const folder = tempProject({});
    // The text is written a million UTF-16 units at a time: a pair starts at the last unit of the first piece.
    const piece = 1 << 20;
    const contents = generated(`${"a".repeat(piece - 1 - banner().length)}😀${"é€".repeat(piece)}\u2028😀`);
    expect(contents.charCodeAt(piece - 1)).toBe(0xd83d);
    const file = path.join(folder, "gen/big.ts");
    expect(writeFiles([{ path: file, contents }], undefined, false).changed).toEqual([file]);
    expect(readFileSync(file).equals(Buffer.from(contents))).toBe(true);
  });
});

describe("writeFiles: replacing files", () => {
  it("keeps the old text whole for a reader that opened it, and leaves no second name behind", async () => {
    const folder = tempProject({});
    const file = path.join(folder, "gen/specs.ts");
    const old = generated("a".repeat(2 << 20));
    writeFiles([{ path: file, contents: old }], undefined, false);
    const reader = openSync(file, "r");
    const now = generated("b".repeat(2 << 20));
    expect(writeFiles([{ path: file, contents: now }], undefined, false).changed).toEqual([file]);
    expect(readFileSync(file, "utf8")).toBe(now);
    expect(readFileSync(reader, "utf8")).toBe(old);
    closeSync(reader);
    // The old file's second name goes off the main thread.
    await vi.waitFor(() => expect(readdirSync(path.dirname(file))).toEqual(["specs.ts"]));
  });

  it("links every replaced file aside, small ones too, and removes those names only once its last rename is done", async () => {
    const out = path.join(tempProject({}), "gen");
    const files = (letter: string) =>
      [
        ["specs.ts", 2 << 20],
        ["handlers.ts", 100],
        ["index.ts", 100],
      ].map(([name, length]) => ({
        path: path.join(out, name as string),
        contents: generated(letter.repeat(+length!)),
      }));
    writeFiles(files("a"), out, false);
    vi.mocked(linkSync).mockClear();
    vi.mocked(unlink).mockClear();
    vi.mocked(renameSync).mockClear();
    expect(writeFiles(files("b"), out, false).changed).toHaveLength(3);
    // After a big file was written, ext4 makes a rename that drops a small file's last name wait ~5 ms.
    expect(vi.mocked(linkSync).mock.calls.map(([file]) => path.basename(String(file)))).toEqual([
      "specs.ts",
      "handlers.ts",
      "index.ts",
    ]);
    const lastRename = Math.max(...vi.mocked(renameSync).mock.invocationCallOrder);
    expect(vi.mocked(unlink).mock.invocationCallOrder).toHaveLength(3);
    expect(Math.min(...vi.mocked(unlink).mock.invocationCallOrder)).toBeGreaterThan(lastRename);
    await vi.waitFor(() => expect(readdirSync(out).sort()).toEqual(["handlers.ts", "index.ts", "specs.ts"]));
    for (const file of files("b")) expect(readFileSync(file.path, "utf8")).toBe(file.contents);
  });
});

describe("writeFiles: a run that fails part way", () => {
  it("still removes the second names of the files it replaced before the failure", async () => {
    const out = path.join(tempProject({}), "gen");
    const file = path.join(out, "handlers.ts");
    writeFiles([{ path: file, contents: generated("a") }], out, false);
    // A folder is needed where a file is: the second file cannot be written.
    writeFileSync(path.join(out, "blocked"), "");
    const files = [
      { path: file, contents: generated("b") },
      { path: path.join(out, "blocked/validator.ts"), contents: generated("c") },
    ];
    expect(() => writeFiles(files, out, false)).toThrow(/ENOTDIR|EEXIST/);
    expect(readFileSync(file, "utf8")).toBe(generated("b"));
    await vi.waitFor(() => expect(readdirSync(out).sort()).toEqual(["blocked", "handlers.ts"]));
  });
});

describe("writeFiles: a file given in pieces", () => {
  it("writes the pieces' text, a pair split across two pieces included, and knows it unchanged on disk without joining them", () => {
    const folder = tempProject({});
    const pieces = [banner(), "a".repeat(1 << 20), "x\ud83d", "\ude00y", "é".repeat(3000), "\n"];
    const contents = pieces.join("");
    const file = path.join(folder, "gen/types.ts");
    expect(writeFiles([{ path: file, contents, pieces }], undefined, false).changed).toEqual([file]);
    expect(readFileSync(file).equals(Buffer.from(contents))).toBe(true);
    expect(writeFiles([{ path: file, contents, pieces }], undefined, false).unchanged).toEqual([file]);
    // Same length, one character different in the middle of a piece: changed.
    const edited = [...pieces.slice(0, 4), `${"é".repeat(1500)}e${"é".repeat(1499)}`, "\n"];
    expect(writeFiles([{ path: file, contents: edited.join(""), pieces: edited }], undefined, true).changed).toEqual([
      file,
    ]);
  });
});

describe("writeFiles: stale generated files", () => {
  it("deletes generated files no longer produced (a validator, an old declaration file), and the folder that leaves empty", () => {
    const folder = tempProject({
      "gen/index.ts": generated("export {};"),
      "gen/validators/a.ts": generated("export const a = 1;"),
      "gen/validators/a.d.ts": generated("export declare const a: number;"),
    });
    const out = path.join(folder, "gen");
    const report = writeFiles([{ path: path.join(out, "index.ts"), contents: generated("export {};") }], out, false);
    expect(report.stale).toEqual([path.join(out, "validators/a.d.ts"), path.join(out, "validators/a.ts")]);
    expect(readdirSync(out)).toEqual(["index.ts"]);
  });

  it("keeps what the generator did not write: a file without the banner, a package.json, a manifest it cannot read", () => {
    const folder = tempProject({
      "gen/mine.ts": "export const mine = 1;\n",
      "gen/validators/package.json": '{ "type": "module" }',
      "gen/gen-client-tools.manifest.json": '{ "mine": true }',
    });
    const out = path.join(folder, "gen");
    expect(writeFiles([], out, false).stale).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(["gen-client-tools.manifest.json", "mine.ts", "validators"]);
  });

  it("removes the temporary files a killed run left (its process is gone), and keeps those of a run still going", () => {
    const gone = 2 ** 22 + 12_345; // above Linux's default pid_max: no such process
    const folder = tempProject({
      [`gen/.types.ts.${gone}.tmp`]: "half a file",
      [`gen/validators/.a.ts.${gone}.tmp`]: "half a file",
      [`gen/.specs.ts.${process.ppid}.tmp`]: "being written",
      "gen/.mine.tmp": "the user's",
    });
    const out = path.join(folder, "gen");
    expect(
      writeFiles([{ path: path.join(out, "index.ts"), contents: generated("export {};") }], out, true).stale,
    ).toEqual([]);
    expect(readdirSync(out, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tmp")).length).toBe(4);
    writeFiles([{ path: path.join(out, "index.ts"), contents: generated("export {};") }], out, false);
    expect(readdirSync(out).sort()).toEqual([".mine.tmp", `.specs.ts.${process.ppid}.tmp`, "index.ts"]);
  });

  it("with check, reports a stale file and deletes nothing", () => {
    const folder = tempProject({ "gen/validators/a.ts": generated("export const a = 1;") });
    const out = path.join(folder, "gen");
    expect(writeFiles([], out, true).stale).toEqual([path.join(out, "validators/a.ts")]);
    expect(existsSync(path.join(out, "validators/a.ts"))).toBe(true);
  });
});

describe("turning --validators off (--no-validators: left out, the option stays as the manifest records it)", () => {
  it("removes every validator file, and --check is clean after", async () => {
    const cwd = tempProject({
      "client-tools/ping.json": {
        name: "ping",
        description: "Ping.",
        parameters: { type: "object", properties: { n: { type: "integer" } } },
      },
    });
    writeGenerated(await generate({ cwd, stubs: false, validators: true }));
    const validators = path.join(cwd, "src/client-tools.gen/validators");
    expect(readdirSync(validators).sort()).toEqual(["index.ts", "ping.ts", "standard-schemas.ts"]);

    const without = await generate({ cwd, stubs: false, validators: false });
    expect(
      writeGenerated(without, { check: true })
        .stale.map((file) => path.relative(validators, file))
        .sort(),
    ).toEqual(["index.ts", "ping.ts", "standard-schemas.ts"]);
    writeGenerated(without);
    expect(existsSync(validators)).toBe(false);
    expect(writeGenerated(without, { check: true }).upToDate).toBe(true);
  });
});

describe("writeGenerated and the record of files it found right", () => {
  it("skips reading back what earlier runs found right, and still restores a file edited to the same size", async () => {
    const cwd = tempProject({
      "node_modules/.keep": "",
      "client-tools/ping.json": {
        name: "ping",
        description: "Ping.",
        parameters: { type: "object", properties: { n: { type: "integer" } } },
      },
    });
    const run = async () => writeGenerated(await generate({ cwd, stubs: false, validators: true }));
    await run();
    // A later run, once the files' stamps can vouch for them: it reads them back once and records them.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_000 });
    try {
      expect((await run()).changed).toEqual([]);
      const record = readdirSync(path.join(cwd, "node_modules/.cache/gen-client-tools")).find((name) =>
        name.startsWith("written-"),
      );
      const recorded = JSON.parse(
        readFileSync(path.join(cwd, "node_modules/.cache/gen-client-tools", record!), "utf8"),
      ) as { files: Record<string, unknown> };
      expect(Object.keys(recorded.files)).toContain(path.join("validators", "ping.ts"));

      const module = path.join(cwd, "src/client-tools.gen/validators/ping.ts");
      const text = readFileSync(module, "utf8");
      writeFileSync(module, text.replace("validate", "VALIDATE"));
      expect((await run()).changed).toEqual([module]);
      expect(readFileSync(module, "utf8")).toBe(text);
    } finally {
      vi.useRealTimers();
    }
  });
});
