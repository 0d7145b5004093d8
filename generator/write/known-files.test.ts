import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { removeTempProjects, tempProject } from "../../test-support/temp-project.js";
import { knownFiles } from "./known-files.js";
import { writeFiles } from "./write-files.js";

afterEach(() => {
  vi.useRealTimers();
  removeTempProjects();
});

/** A file written now, and the stamps' clock moved on past the time a file's stamp takes to vouch for it. */
function settledFile(text: string): string {
  const file = path.join(tempProject({}), "gen.ts");
  writeFileSync(file, text);
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_000 });
  return file;
}

describe("knownFiles", () => {
  it("holds a file recorded with its digest while its stamp is the same, and passes the entry on", () => {
    const file = settledFile("export {};\n");
    const first = knownFiles(new Map());
    first.record(file, statSync(file), "d1");
    const entries = first.changed()!;
    expect([...entries.keys()]).toEqual([file]);

    const next = knownFiles(entries);
    expect(next.holds(file, "d2")).toBe(false);
    expect(next.holds(file, "d1")).toBe(true);
    // Nothing new: the record need not be written again.
    expect(next.changed()).toBeUndefined();
  });

  it("does not hold a file written since, though its size is the same, and drops its entry", () => {
    const file = settledFile("export const a = 1;\n");
    const first = knownFiles(new Map());
    first.record(file, statSync(file), "d1");
    writeFileSync(file, "export const b = 2;\n");
    const next = knownFiles(first.changed()!);
    expect(next.holds(file, "d1")).toBe(false);
    expect(next.changed()?.size).toBe(0);
  });

  it("does not record a file changed too recently for its stamp to vouch for it, nor hold a missing one", () => {
    const file = path.join(tempProject({}), "gen.ts");
    writeFileSync(file, "export {};\n");
    const known = knownFiles(new Map());
    known.record(file, statSync(file), "d1");
    expect(known.changed()).toBeUndefined();
    expect(knownFiles(new Map([[file, { stamp: { ...statSync(file) }, digest: "d1" }]])).holds(`${file}x`, "d1")).toBe(
      false,
    );
  });
});

describe("writeFiles with what earlier runs knew", () => {
  it("does not read a file the record holds, and records one it read and found right", () => {
    const file = settledFile("export const a = 1;\n");
    const digests = new Map([[file, "d1"]]);
    const holds = vi.fn(() => true);
    const record = vi.fn();
    const known = { files: { holds, record, changed: () => undefined }, digestOf: () => digests.get(file) };
    // The record says the file holds this text: it is not read, so not found different, and not written.
    const report = writeFiles([{ path: file, contents: "export const b = 2;\n" }], undefined, false, known);
    expect(report.unchanged).toEqual([file]);
    expect(holds).toHaveBeenCalledWith(file, "d1");

    holds.mockReturnValue(false);
    expect(writeFiles([{ path: file, contents: "export const a = 1;\n" }], undefined, false, known).unchanged).toEqual([
      file,
    ]);
    expect(record).toHaveBeenCalledWith(file, expect.objectContaining({ size: 20 }), "d1");
  });
});
