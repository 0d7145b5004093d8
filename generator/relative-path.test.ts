import path from "node:path";
import { describe, expect, it } from "vitest";
import { relativePath, relativePathsFrom } from "./relative-path.js";

describe("relativePathsFrom", () => {
  it("gives each file what relativePath gives it, inside the folder, beside it and above it", () => {
    const folder = path.resolve("/project/src/gen");
    const files = [
      "/project/src/gen/a.ts",
      "/project/client-tools/a.json",
      "/project/client-tools/deep/b.json",
      "/c.json",
    ].map((file) => path.resolve(file));
    const from = relativePathsFrom(folder);
    for (const file of [...files, ...files]) expect(from(file)).toBe(relativePath(folder, file));
    expect(from(files[1]!)).toBe("../../client-tools/a.json");
  });
});
