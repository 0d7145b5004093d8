import { parseClientToolSpecs } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { diffReport, formatDiffReport } from "./diff-report.js";
import { diffSpecSets } from "./spec-diff.js";

const specs = (...raw: object[]) => parseClientToolSpecs(raw);
const viewer = (parameters: object, outputSchema?: object) => ({
  name: "open_file_viewer",
  description: "Open a file.",
  parameters,
  ...(outputSchema && { outputSchema }),
});
const path = {
  type: "object",
  properties: { file_path: { type: "string" } },
  required: ["file_path"],
  additionalProperties: false,
};
const opened = { type: "object", properties: { opened: { type: "boolean" } }, required: ["opened"] };

describe("diffSpecSets", () => {
  it("tells a change that holds both ways from no change", () => {
    const [compatible] = diffSpecSets(
      specs(viewer(path)),
      specs(viewer({ ...path, description: "Where the file is." })),
    );
    expect(compatible).toMatchObject({ tool: "open_file_viewer", change: "compatible", breaking: [] });
    const [unchanged] = diffSpecSets(specs(viewer(path)), specs(viewer(path)));
    expect(unchanged).toMatchObject({ tool: "open_file_viewer", change: "unchanged", breaking: [] });
  });

  it("names added and removed tools, a removed one as breaking", () => {
    const toast = { name: "show_toast", description: "Toast.", parameters: { type: "object", properties: {} } };
    const changes = diffSpecSets(specs(viewer(path)), specs(toast));
    expect(changes.map((c) => [c.tool, c.change])).toEqual([
      ["open_file_viewer", "removed"],
      ["show_toast", "added"],
    ]);
    expect(changes[0]).toMatchObject({ breaking: [expect.stringContaining("the tool is removed")] });
  });

  it("gives each direction of a parameters change that breaks a rolling deploy, with an example value", () => {
    const widened = { ...path, properties: { file_path: { type: "string" }, line: { type: "integer" } } };
    const [change] = diffSpecSets(specs(viewer(path)), specs(viewer(widened)));
    expect(change).toMatchObject({
      change: "changed",
      parameters: { oldInNew: { holds: true }, newInOld: { holds: false } },
    });
    expect(change!.change !== "added" && change!.breaking).toEqual([
      expect.stringMatching(
        /^parameters: the new server's calls to a page still on the old bundle can be refused by the old schema, at \/additionalProperties \(additionalProperties\): the property "line" is not allowed, for example \{.*"line"/,
      ),
    ]);
  });

  it("names the keyword that refuses each break, its pointer and why, in the text and in the JSON", () => {
    const tool = (parameters: object) => ({ name: "edit_issue", description: "Edit an issue.", parameters });
    const issue = (issueRules: object, rest: object = {}) => ({
      type: "object",
      properties: {
        issue: { type: "object", properties: { title: { type: "string" }, body: { type: "string" } }, ...issueRules },
        files: { type: "array", items: { type: "object", properties: { path: { type: "string" } } } },
        state: { enum: ["open", "closed", "draft"] },
        count: { type: "integer" },
        ...rest,
      },
      required: ["issue", "state", "count"],
    });
    const titled = { required: ["title"] };
    const cases: [object, string, string, string][] = [
      [
        issue({ required: ["title", "body"] }),
        "/properties/issue/required",
        "required",
        '"body" is required at /issue',
      ],
      [
        issue(
          {},
          {
            files: {
              type: "array",
              items: { type: "object", properties: { path: { type: "string" } }, additionalProperties: false },
            },
          },
        ),
        "/properties/files/items/additionalProperties",
        "additionalProperties",
        "at /files/0 is not allowed",
      ],
      [
        issue({}, { state: { enum: ["open", "closed"] } }),
        "/properties/state/enum",
        "enum",
        '"draft" at /state is not one of the values listed',
      ],
      [
        issue({}, { count: { type: "integer", format: "int32" } }),
        "/properties/count/format",
        "format",
        '2147483648 at /count is not "int32"',
      ],
    ];
    for (const [next, pointer, keyword, reason] of cases) {
      const [change] = diffSpecSets(specs(tool(issue(titled))), specs(tool(next)));
      expect(change, pointer).toMatchObject({ parameters: { oldInNew: { holds: false, pointer, keyword } } });
      const text = formatDiffReport(diffReport("old", "new", [change!], []));
      expect(text, pointer).toContain(`can be refused by the new schema, at ${pointer} (${keyword}): `);
      expect(text, pointer).toContain(reason);
      expect(
        JSON.parse(JSON.stringify(diffReport("old", "new", [change!], []))).tools[0].parameters.oldInNew,
      ).toMatchObject({
        pointer,
        keyword,
      });
    }
  });

  it("compares the answer's schema, and a mode change is breaking", () => {
    const narrowed = { ...opened, properties: { opened: { const: true } } };
    const [answer] = diffSpecSets(specs(viewer(path, opened)), specs(viewer(path, narrowed)));
    expect(answer).toMatchObject({
      change: "changed",
      answer: { oldInNew: { holds: false, witness: { opened: false } }, newInOld: { holds: true } },
    });
    const [mode] = diffSpecSets(specs(viewer(path)), specs(viewer(path, opened)));
    expect(mode).toMatchObject({
      change: "changed",
      mode: { old: "fire-and-forget", new: "awaited" },
      breaking: [expect.stringContaining("its mode changes from fire-and-forget to awaited")],
    });
  });

  it("reports for a reviewer, the allowed tools apart", () => {
    const widened = { ...path, additionalProperties: true };
    const report = diffReport("git:main", "client-tools", diffSpecSets(specs(viewer(path)), specs(viewer(widened))), [
      "open_file_viewer",
    ]);
    expect(report).toMatchObject({ breaking: [], allowed: ["open_file_viewer"] });
    expect(formatDiffReport(report)).toBe(
      [
        "gen-client-tools diff git:main -> client-tools",
        "  open_file_viewer  changed, breaking (allowed)",
        "    - parameters: the new server's calls to a page still on the old bundle can be refused by the old schema, " +
          'at /additionalProperties (additionalProperties): the property "extra" is not allowed, ' +
          'for example {"file_path":"a","extra":"x"}',
        "1 tool: 0 added, 0 removed, 1 changed (0 compatible both ways), 0 unchanged; 0 breaking a rolling deploy, 1 allowed",
        "",
      ].join("\n"),
    );
  });
});
