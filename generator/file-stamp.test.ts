import type { Stats } from "node:fs";
import { describe, expect, it } from "vitest";
import { fileStamp } from "./file-stamp.js";

const status = (changedMs: number): Stats =>
  ({ size: 10, mtimeMs: changedMs, ctimeMs: changedMs, ino: 1, dev: 1, isFile: () => true }) as Stats;

describe("fileStamp", () => {
  it("stamps a file whose times tick in seconds only once it is three seconds old", () => {
    const changed = 1_700_000_000_000;
    expect(fileStamp(status(changed), changed + 2_900)).toBeUndefined();
    expect(fileStamp(status(changed), changed + 3_100)).toEqual({
      size: 10,
      mtimeMs: changed,
      ctimeMs: changed,
      ino: 1,
      dev: 1,
    });
  });

  it("stamps a file whose times have a fraction of a second once it is a second old", () => {
    const changed = 1_700_000_000_123.456;
    expect(fileStamp(status(changed), changed + 900)).toBeUndefined();
    expect(fileStamp(status(changed), changed + 1_100)?.mtimeMs).toBe(changed);
  });
});
