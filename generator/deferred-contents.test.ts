import { describe, expect, it, vi } from "vitest";
import { deferredDigestOf, deferredFile, withContentsOf } from "./deferred-contents.js";

describe("deferredFile", () => {
  it("reads its text once, when asked, and knows its digest without it", () => {
    const read = vi.fn(() => "export {};\n");
    const file = deferredFile({ path: "/p/a.ts" }, "d1", read);
    expect(deferredDigestOf(file)).toBe("d1");
    expect(read).not.toHaveBeenCalled();
    expect(file.contents).toBe("export {};\n");
    expect(file.contents).toBe("export {};\n");
    expect(read).toHaveBeenCalledTimes(1);
    // Read, it is still the text of that digest.
    expect(deferredDigestOf(file)).toBe("d1");
  });

  it("keeps text and digest unread in a copy made with withContentsOf; a spread reads the text and has no digest", () => {
    const read = vi.fn(() => "export const a = 1;\n");
    const file = deferredFile({ path: "/p/a.ts" }, "d1", read);
    const copy = withContentsOf(file, { path: file.path, role: "generated" as const });
    expect(read).not.toHaveBeenCalled();
    expect(deferredDigestOf(copy)).toBe("d1");
    expect(copy).toEqual({ path: "/p/a.ts", role: "generated", contents: "export const a = 1;\n" });

    const spread = { ...file, contents: "export const a = 2;\n" };
    expect(deferredDigestOf(spread)).toBeUndefined();
    expect(deferredDigestOf({ ...file })).toBeUndefined();
  });

  it("has no digest for a file with plain contents, which withContentsOf copies as they are", () => {
    const plain = { path: "/p/b.ts", contents: "export {};\n" };
    expect(deferredDigestOf(plain)).toBeUndefined();
    const copy = withContentsOf(plain, { path: plain.path });
    expect(copy).toEqual(plain);
    expect(deferredDigestOf(copy)).toBeUndefined();
  });
});
