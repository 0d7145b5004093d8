import { describe, expect, it } from "vitest";
import { formatFiles } from "./format-files.js";

describe("formatFiles", () => {
  const planned = [
    { path: "/out/types.ts", contents: "a", role: "generated", format: true },
    { path: "/out/validators/x.ts", contents: "b", role: "generated", format: false },
    { path: "/src/handlers.ts", contents: "c", role: "stubs", format: true },
  ] as const;

  it("formats only the files marked for it, in one batch, and keeps every file in its place", async () => {
    const batches: string[][] = [];
    const formatter = { format: async (files: readonly { path: string; contents: string }[]) => (batches.push(files.map((f) => f.path)), files.map((f) => ({ ...f, contents: f.contents.toUpperCase() }))) };
    expect(await formatFiles(planned, formatter)).toEqual([
      { path: "/out/types.ts", contents: "A", role: "generated" },
      { path: "/out/validators/x.ts", contents: "b", role: "generated" },
      { path: "/src/handlers.ts", contents: "C", role: "stubs" },
    ]);
    expect(batches).toEqual([["/out/types.ts", "/src/handlers.ts"]]);
  });

  it("passes the files on as they are without a formatter", async () => {
    expect((await formatFiles(planned, undefined)).map((f) => f.contents)).toEqual(["a", "b", "c"]);
  });
});
