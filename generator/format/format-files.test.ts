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
    const formatter = {
      format: async (files: readonly { path: string; contents: string }[]) => (
        batches.push(files.map((f) => f.path)), files.map((f) => ({ ...f, contents: f.contents.toUpperCase() }))
      ),
    };
    expect(await formatFiles(planned, formatter)).toEqual([
      { path: "/out/types.ts", contents: "A", role: "generated" },
      { path: "/out/validators/x.ts", contents: "b", role: "generated" },
      { path: "/src/handlers.ts", contents: "C", role: "stubs" },
    ]);
    expect(batches).toEqual([["/out/types.ts", "/src/handlers.ts"]]);
  });

  it("formats a user's file with added stubs only where prettier leaves the user's own text as it is", async () => {
    // This formatter upper-cases, and leaves text that is upper-case already as it is.
    const formatter = {
      format: async (files: readonly { path: string; contents: string }[]) =>
        files.map((f) => ({ ...f, contents: f.contents.toUpperCase() })),
    };
    const added = (original: string) =>
      [{ path: "/src/handlers.ts", contents: `${original}+stub`, original, role: "stubs", format: true }] as const;
    expect((await formatFiles(added("MINE"), formatter))[0]!.contents).toBe("MINE+STUB");
    // Prettier would change the user's lines: the file keeps them, and the stub as written.
    expect((await formatFiles(added("mine"), formatter))[0]!.contents).toBe("mine+stub");
  });

  it("passes the files on as they are without a formatter", async () => {
    expect((await formatFiles(planned, undefined)).map((f) => f.contents)).toEqual(["a", "b", "c"]);
  });
});
