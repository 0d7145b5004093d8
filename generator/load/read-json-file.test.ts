import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { textDigest } from "../digest.js";
import { deferredDocument, type ReadFile, type ReadJsonResult, readJsonFile } from "./read-json-file.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "gct-read-json-"));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(folder, { recursive: true, force: true });
});

function read(file: string, previous?: ReadFile): ReadFile {
  const result: ReadJsonResult = readJsonFile(file, path.basename(file), { stamp: true, previous });
  if (!("document" in result)) throw new Error(result.diagnostic.message);
  return result;
}

/** Reads as a run would `seconds` after now, when the file's change is no longer recent. */
function readLater(seconds: number, file: string, previous?: ReadFile): ReadFile {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + seconds * 1000 });
  try {
    return read(file, previous);
  } finally {
    vi.useRealTimers();
  }
}

describe("readJsonFile with stamps", () => {
  it("gives an earlier read back while the file's stamp is the same", () => {
    const file = path.join(folder, "a.json");
    writeFileSync(file, '{"a":1}');
    const first = readLater(10, file);
    expect(first.stamp).toBeDefined();
    expect(first.document.digest).toBe(textDigest('{"a":1}'));
    expect(readLater(11, file, first)).toBe(first);
  });

  it("reads a file rewritten to the same size with its old modification time put back (its change time moves)", () => {
    const file = path.join(folder, "a.json");
    writeFileSync(file, '{"a":1}');
    // A whole second, which the file system keeps exactly.
    const past = Math.floor(Date.now() / 1000) - 100;
    utimesSync(file, past, past);
    const first = readLater(10, file);
    writeFileSync(file, '{"a":2}');
    utimesSync(file, past, past);
    expect(statSync(file).mtimeMs).toBe(first.stamp?.mtimeMs);
    const second = readLater(11, file, first);
    expect(second.document.value).toEqual({ a: 2 });
  });

  it("does not stamp a file that changed within the file system's clock's reach, and compares its bytes next time", () => {
    const file = path.join(folder, "a.json");
    writeFileSync(file, '{"a":1}');
    const first = read(file);
    expect(first.stamp).toBeUndefined();
    writeFileSync(file, '{"a":3}');
    expect(read(file, first).document.value).toEqual({ a: 3 });
  });

  it("keeps the parsed document of a file whose bytes did not change, stamped anew", () => {
    const file = path.join(folder, "a.json");
    writeFileSync(file, '{"a":1}');
    const first = read(file);
    const later = readLater(10, file, first);
    expect(later.document).toBe(first.document);
    expect(later.stamp).toBeDefined();
  });

  it("does not give back a read shown under another path", () => {
    const file = path.join(folder, "a.json");
    writeFileSync(file, '{"a":1}');
    const first = readLater(10, file);
    const other = readJsonFile(file, "elsewhere/a.json", { stamp: true, previous: first });
    expect("document" in other && other.document.displayPath).toBe("elsewhere/a.json");
  });

  it("reads a document taken by an earlier run's stamp only when its text is asked for, and refuses other bytes", () => {
    const file = path.join(folder, "a.json");
    writeFileSync(file, '{"a":1}');
    const document = deferredDocument(file, "a.json", textDigest('{"a":1}'));
    writeFileSync(file, '{"a":2}');
    expect(() => document.text).toThrow("a.json: the file changed while gen-client-tools was running: run it again");
    writeFileSync(file, '{"a":1}');
    expect(document.value).toEqual({ a: 1 });
    expect(Object.isFrozen(document.value)).toBe(true);
  });
});
