import { describe, expect, it } from "vitest";
import { createClientToolCallStreams, type StreamedToolSpec } from "./call-streams.js";

// A model's arguments are hostile input to the page: a long open array streamed in tiny pieces
// must cost the page time linear in its length, not a copy of the array per piece.

const PLOT: StreamedToolSpec = {
  name: "plot",
  parameters: { type: "object", properties: { points: { type: "array", items: { type: "number" } } } },
};

describe("a call's arguments holding a long open array", () => {
  it("get a new state only as often as the text read pays for copying the array, and end whole", () => {
    const streams = createClientToolCallStreams({ specs: [PLOT] });
    const items = 349_000;
    const text = `{"points":[${Array.from({ length: items }, () => "7").join(",")}]}`;
    expect(text.length).toBeGreaterThan(690_000);
    const states = new Set<unknown>();
    let lengths = 0;
    for (let at = 0; at < text.length; at += 10) {
      const state: unknown = streams.append("c1", "plot", text.slice(at, at + 10));
      if (!states.has(state)) lengths += (state as { args?: { points?: unknown[] } }).args?.points?.length ?? 0;
      states.add(state);
    }
    // 69,800 pieces: a copy of the open array at each would copy 12 billion items; here each copy is paid for.
    expect(states.size).toBeLessThan(400);
    expect(lengths).toBeLessThan(20 * text.length);
    const last = [...states].at(-1) as { args: { points: number[] }; isFinal(pointer: string): boolean };
    expect(last.args.points.length).toBeGreaterThan(items - items / 8);
    expect(last.isFinal("/points/0")).toBe(true);
    const done = streams.finish("c1") as unknown as { status: string; args: { points: number[] } };
    expect(done.status).toBe("input-available");
    expect(done.args.points).toHaveLength(items);
  });

  it("still gives a small value a new state for every piece", () => {
    const streams = createClientToolCallStreams({ specs: [PLOT] });
    const text = '{"points":[1,2,3,4,5,6,7,8]}';
    const states = [...text].map((char) => streams.append("c2", "plot", char));
    expect(new Set(states).size).toBe(text.length);
  });
});
