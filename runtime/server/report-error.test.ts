import { afterEach, describe, expect, it, vi } from "vitest";
import { reportError } from "./report-error.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reportError", () => {
  it("emits a warning on the process that names the context and carries the error", () => {
    const emitted = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    reportError(new Error("no answer from Redis"), "sweeping the store's expired calls failed");
    expect(emitted).toHaveBeenCalledTimes(1);
    const [message, options] = emitted.mock.calls[0] as [string, { type: string; code: string; detail: string }];
    expect(message).toBe("gen-client-tools: sweeping the store's expired calls failed");
    expect(options.type).toBe("GenClientToolsWarning");
    expect(options.code).toBe("GEN_CLIENT_TOOLS_ERROR");
    expect(options.detail).toContain("no answer from Redis");
  });

  it("describes a thrown value that is not an Error", () => {
    const emitted = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    reportError("closed", "a listener threw");
    expect((emitted.mock.calls[0]![1] as { detail: string }).detail).toBe("closed");
  });
});
