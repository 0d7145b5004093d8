import { describe, expect, it } from "vitest";
import { type CpuProfile, summarizeProfile } from "./cpu-profile.js";

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

// root -> main (a.js) -> parse (node_modules/ajv/dist/x.js) -> parse (recursive); root -> GC
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 5] },
    { id: 2, callFrame: frame("main", "file:///pkg/dist/a.js", 9), children: [3] },
    { id: 3, callFrame: frame("parse", "file:///pkg/node_modules/ajv/dist/x.js"), children: [4] },
    { id: 4, callFrame: frame("parse", "file:///pkg/node_modules/ajv/dist/x.js") },
    { id: 5, callFrame: frame("(garbage collector)", "") },
  ],
  samples: [2, 3, 4, 4, 5],
  timeDeltas: [1000, 1000, 1000, 1000, 1000],
};

describe("summarizeProfile", () => {
  const summary = summarizeProfile(profile, "/pkg");
  const ms = (list: readonly { label: string; ms: number }[], label: string) => list.find((s) => s.label === label)?.ms;

  it("adds up self time by function and by file, dependencies as one file", () => {
    expect(summary.totalMs).toBe(5);
    expect(ms(summary.selfByFunction, "parse node_modules/ajv:1")).toBe(3);
    expect(ms(summary.selfByFile, "node_modules/ajv")).toBe(3);
    expect(ms(summary.selfByFile, "dist/a.js")).toBe(1);
    expect(ms(summary.selfByFile, "(garbage collector)")).toBe(1);
  });

  it("counts a recursive function once per sample in inclusive time", () => {
    expect(ms(summary.inclusive, "main dist/a.js:10")).toBe(4);
    expect(ms(summary.inclusive, "parse node_modules/ajv:1")).toBe(3);
    expect(summary.inclusive[0]).toMatchObject({ label: "(root)", ms: 5, share: 1 });
  });
});
