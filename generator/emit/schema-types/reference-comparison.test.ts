import type { JsonObject } from "@gen-client-tools/runtime/core";
import { compile } from "json-schema-to-typescript";
import { describe, expect, it } from "vitest";
import { typecheck } from "../../../test-support/typecheck.js";
import { emitSchemaTypes } from "./index.js";

/** Where json-schema-to-typescript (the reference) and this emitter differ on purpose. */
const SCHEMA: JsonObject = {
  title: "Args",
  type: "object",
  additionalProperties: false,
  properties: {
    a: { title: "Point", type: "object", properties: { x: { type: "number" } } },
    b: { title: "Point", type: "object", properties: { y: { type: "number" } } },
    n: { $ref: "#/$defs/node" },
  },
  $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } }, additionalProperties: false } },
};

describe("against json-schema-to-typescript", () => {
  it("names nothing after a title, so two equal titles never become Point and Point1", async () => {
    const reference = await compile(SCHEMA, "Args", { bannerComment: "" });
    expect(reference).toContain("export interface Point1");

    const ours = emitSchemaTypes(SCHEMA, { rootName: "Args", defPrefix: "Args" });
    expect(ours.names).toEqual(["Args", "Args_node"]);
    expect(ours.code).toContain("  /** Point */\n  a?: {");
    expect(typecheck({ "/gen/types.ts": ours.code })).toEqual([]);
  });

  it("prefixes definitions per tool, where the reference's bare Node would clash across tools", async () => {
    const reference = await compile(SCHEMA, "Args", { bannerComment: "" });
    expect(reference).toContain("export interface Node");

    const first = emitSchemaTypes(SCHEMA, { rootName: "OpenArgs", defPrefix: "OpenArgs" });
    const second = emitSchemaTypes(SCHEMA, { rootName: "CloseArgs", defPrefix: "CloseArgs" });
    expect(typecheck({ "/gen/types.ts": first.code + second.code })).toEqual([]);
  });
});
