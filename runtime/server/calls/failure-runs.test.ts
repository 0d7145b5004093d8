import { describe, expect, it } from "vitest";
import { FailureRuns } from "./failure-runs.js";

describe("FailureRuns", () => {
  it("reports the first failure of each run, and nothing else", () => {
    const reported: unknown[] = [];
    const runs = new FailureRuns((error) => reported.push(error));
    runs.failed("a1");
    runs.failed("a2");
    runs.succeeded();
    runs.succeeded();
    runs.failed("b1");
    runs.failed("b2");
    expect(reported).toEqual(["a1", "b1"]);
  });
});
