import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzSettings } from "../../test-support/fuzz/fuzz-settings.js";
import type { ClientToolArgsValidator } from "./binding-types.js";
import { createClientToolCallStreams, type StreamedToolSpec } from "./call-streams.js";

const CHART: StreamedToolSpec = {
  name: "show_chart",
  parameters: {
    type: "object",
    properties: {
      title: { type: "string" },
      kind: { enum: ["bar", "line"] },
      series: { type: "array", items: { $ref: "#/$defs/series" } },
    },
    $defs: {
      series: {
        type: "object",
        properties: {
          label: { type: "string" },
          colour: { anyOf: [{ const: "teal" }, { const: "coral" }] },
          points: { type: "array", items: { type: "number" } },
        },
      },
    },
  },
};
const CITY: StreamedToolSpec = {
  name: "get_city",
  parameters: { type: "object", properties: { hint: { type: "string" } } },
  outputSchema: { type: "object" },
};
const SPECS = [CHART, CITY];

interface ChartArgs {
  title?: string;
  kind?: "bar" | "line";
  series?: { label?: string; colour?: "teal" | "coral"; points?: number[] }[];
}
/** What the generator would write for these two specs. */
interface Tools {
  readonly show_chart: {
    readonly kind: "ClientAction_show_chart";
    readonly mode: "fire-and-forget";
    readonly args: ChartArgs;
    readonly result: void;
    readonly action: { readonly kind: "ClientAction_show_chart" };
  };
  readonly get_city: {
    readonly kind: "ClientAction_get_city";
    readonly mode: "awaited";
    readonly args: { hint?: string };
    readonly result: { city: string };
    readonly action: { readonly kind: "ClientAction_get_city" };
  };
}

/** Every piece of the text, one at a time. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

describe("createClientToolCallStreams", () => {
  it("shows a value from a list only once it is whole, and a plain string as it grows", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
    expect(streams.append("c1", "show_chart", '{"title":"Sal')?.args).toEqual({ title: "Sal" });
    const listed = streams.append("c1", "show_chart", 'es","kind":"ba');
    expect(listed?.args, '"ba" is not one of "bar" | "line"').toEqual({ title: "Sales" });
    expect(listed?.isFinal("/title")).toBe(true);
    expect(listed?.isFinal("/kind")).toBe(false);
    const whole = streams.append("c1", "show_chart", 'r","series":[{"colour":"co');
    expect(whole?.args, "a const in an anyOf behind a $ref waits too").toEqual({
      title: "Sales",
      kind: "bar",
      series: [{}],
    });
    expect(whole?.isFinal("/kind")).toBe(true);
    expect(whole?.isFinal("/series")).toBe(false);
    const numbers = streams.append("c1", "show_chart", 'ral","points":[1,2');
    expect(numbers?.args).toEqual({ title: "Sales", kind: "bar", series: [{ colour: "coral", points: [1, 2] }] });
    expect(numbers?.isFinal("/series/0/points/0")).toBe(true);
    expect(numbers?.isFinal("/series/0/points/1"), "2 may be the start of 25").toBe(false);
    expect(numbers?.isFinal("/series/0/colour")).toBe(true);
  });

  it("answers isFinal for the state it belongs to, not for what came after", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
    const early = streams.append("c1", "get_city", '{"hint":"Lis')!;
    streams.append("c1", "get_city", 'bon"}');
    expect(early.args).toEqual({ hint: "Lis" });
    expect(early.isFinal("/hint")).toBe(false);
    expect(early.isFinal("")).toBe(false);
  });

  it("gives each delta a new value in which the parts read to their end keep their identity", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
    const first = streams.append("c1", "show_chart", '{"series":[{"label":"Q1","points":[1]},{"label":"Q')!;
    const second = streams.append("c1", "show_chart", '2"')!;
    expect(second.args).not.toBe(first.args);
    expect(second.args?.series?.[0]).toBe(first.args?.series?.[0]);
    expect(second.args?.series?.[1]).not.toBe(first.args?.series?.[1]);
    expect(first.args?.series?.[1], "an earlier state is never changed").toEqual({ label: "Q" });
  });

  it("reads only what is new of a growing text, and a text that does not go on from it afresh", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
    const text = '{"title":"Weekly sales","kind":"line","series":[{"label":"A","points":[3,1,4,1,5]}]}';
    for (let end = 1; end <= text.length; end += 7) streams.read("c1", "show_chart", text.slice(0, end));
    const state = streams.read("c1", "show_chart", text);
    expect(state?.args).toEqual(JSON.parse(text));
    expect(state?.isFinal("")).toBe(true);
    const resumed = streams.read("c1", "show_chart", '{"title":"Other');
    expect(resumed?.args).toEqual({ title: "Other" });
  });

  it("reads a call begun again after its arguments were complete from its start", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
    streams.read("c1", "get_city", '{"hint":"a"}');
    expect(streams.finish("c1")).toMatchObject({ status: "input-available", args: { hint: "a" } });
    expect(streams.read("c1", "get_city", '{"hint":"b')?.args).toEqual({ hint: "b" });
    streams.end("c1");
    streams.append("c2", "get_city", '{"hint":"x"}');
    streams.finish("c2");
    expect(streams.append("c2", "get_city", '{"hint":"y')?.args).toEqual({ hint: "y" });
  });

  it("ends in JSON.parse's value for every size of piece, final parts never changing", () => {
    const text =
      '{"title":"Q\\"3\\" — été ✓","kind":"bar","series":[{"label":"a","colour":"teal","points":[1.5e2,-0,7]},{"label":"","points":[]}]}';
    for (const size of [1, 2, 3, 5, 11, text.length]) {
      const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
      const finals = new Map<string, string>();
      for (const piece of pieces(text, size)) {
        const state = streams.append("c1", "show_chart", piece)!;
        for (const pointer of [
          "/title",
          "/kind",
          "/series",
          "/series/0",
          "/series/0/colour",
          "/series/0/points",
          "/series/1",
        ] as const) {
          const json = JSON.stringify(partAt(state.args, pointer));
          if (finals.has(pointer)) expect(json, `${pointer} changed after it was final`).toBe(finals.get(pointer));
          else if (state.isFinal(pointer)) finals.set(pointer, json);
        }
      }
      const done = streams.finish("c1");
      expect(done).toEqual({
        status: "input-available",
        toolCallId: "c1",
        toolName: "show_chart",
        args: JSON.parse(text),
      });
    }
  });

  it("checks complete arguments with the validators, and says why they are refused", () => {
    const validator: ClientToolArgsValidator = Object.assign(
      (data: unknown) => typeof (data as { hint?: unknown }).hint === "string",
      {
        errors: [{ instancePath: "/hint", keyword: "type", message: "must be string" }],
      },
    );
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS, validators: { get_city: { args: validator } } });
    streams.append("c1", "get_city", '{"hint":4}');
    expect(streams.finish("c1")).toEqual({
      status: "output-error",
      toolCallId: "c1",
      toolName: "get_city",
      args: undefined,
      error: "Invalid arguments for get_city: /hint must be string.",
    });
    streams.append("c2", "get_city", '{"hint":"x"');
    expect(streams.finish("c2")).toMatchObject({
      status: "output-error",
      error: "The arguments for get_city are not JSON.",
    });
    expect(streams.settle("c3", "get_city", { status: "input-available", args: { hint: "Porto" } })).toMatchObject({
      status: "input-available",
      args: { hint: "Porto" },
    });
  });

  it("keeps a result for a tool that answers, and none for a fire-and-forget one", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS });
    expect(
      streams.settle("c1", "get_city", { status: "output-available", args: {}, result: { city: "Lisbon" } }),
    ).toEqual({
      status: "output-available",
      toolCallId: "c1",
      toolName: "get_city",
      args: {},
      result: { city: "Lisbon" },
    });
    const shown = streams.settle("c2", "show_chart", {
      status: "output-available",
      args: {},
      result: "Tool call dispatched to client.",
    });
    expect(shown).toEqual({ status: "output-available", toolCallId: "c2", toolName: "show_chart", args: {} });
  });

  it("has no state for a tool it was not given, stops on a text that is not JSON, and keeps a bounded number of calls", () => {
    const streams = createClientToolCallStreams<Tools>({ specs: SPECS, maxCalls: 2, maxChars: 64 });
    expect(streams.append("c1", "delete_everything", "{")).toBeUndefined();
    expect(streams.settle("c1", "delete_everything", { status: "input-available", args: {} })).toBeUndefined();
    streams.append("bad", "get_city", '{"hint":"a"');
    const stopped = streams.append("bad", "get_city", "}}}");
    expect(stopped?.args, "the state stays as it last was").toEqual({ hint: "a" });
    expect(
      streams.append("long", "get_city", `{"hint":"${"x".repeat(100)}`)?.args,
      "past maxChars the arguments stop growing",
    ).toBeUndefined();
    streams.append("a", "get_city", '{"hint":"A"');
    streams.append("b", "get_city", '{"hint":"B"');
    expect(streams.finish("bad"), "let go: more than maxCalls were heard of since").toBeUndefined();
    expect(streams.finish("b")).toMatchObject({ status: "output-error" });
  });
});

describe("createClientToolCallStreams on random arguments cut at random places", () => {
  /** Every pointer into a value. */
  const pointersOf = (value: unknown, at = ""): string[] =>
    typeof value === "object" && value !== null
      ? [
          at,
          ...Object.entries(value).flatMap(([key, part]) =>
            pointersOf(part, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`),
          ),
        ]
      : [at];
  const at = (value: unknown, pointer: string): unknown => {
    let part = value;
    for (const token of pointer === "" ? [] : pointer.slice(1).split("/"))
      part = (part as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
    return part;
  };

  it("ends on JSON.parse's value; no state changes after it is given, and what a state calls final is what the end holds", () => {
    const open = { name: "free_tool", parameters: { type: "object" } };
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ depthSize: "small" })),
        fc.array(fc.nat(), { maxLength: 12 }),
        (args, cuts) => {
          const text = JSON.stringify(args);
          const bounds = [0, ...cuts.map((cut) => cut % (text.length + 1)), text.length].sort((a, b) => a - b);
          const streams = createClientToolCallStreams<{ readonly free_tool: Tools["get_city"] }>({ specs: [open] });
          const seen: { json: string; finals: [string, string][]; args: unknown }[] = [];
          for (let i = 1; i < bounds.length; i++) {
            const state = streams.append("c", "free_tool", text.slice(bounds[i - 1], bounds[i]))!;
            const finals =
              state.args === undefined
                ? []
                : pointersOf(state.args)
                    .filter((pointer) => state.isFinal(pointer as ""))
                    .map((pointer): [string, string] => [pointer, JSON.stringify(at(state.args, pointer))]);
            seen.push({ json: JSON.stringify(state.args) ?? "undefined", finals, args: state.args });
          }
          const done = streams.finish("c");
          expect(done?.status).toBe("input-available");
          const end = (done as { args: unknown }).args;
          expect(JSON.stringify(end)).toBe(JSON.stringify(JSON.parse(text)));
          for (const { json, finals, args: shown } of seen) {
            expect(JSON.stringify(shown) ?? "undefined", "a state was changed after it was given").toBe(json);
            for (const [pointer, part] of finals)
              expect(JSON.stringify(at(end, pointer)), `${pointer} was final`).toBe(part);
          }
        },
      ),
      fuzzSettings(200),
    );
  });
});

function partAt(value: unknown, pointer: string): unknown {
  let part = value;
  for (const token of pointer.slice(1).split("/"))
    part = typeof part === "object" && part !== null ? (part as Record<string, unknown>)[token] : undefined;
  return part;
}
