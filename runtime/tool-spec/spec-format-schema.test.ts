import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { checkClientToolSpecs, SPEC_KEYS } from "./parse.js";

// The JSON Schema of the spec format that the package ships for editors: it must accept what
// the runtime accepts, and refuse the mistakes an editor can show.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const schema = JSON.parse(readFileSync(path.join(root, "client-tool-spec.schema.json"), "utf8")) as {
  definitions: { spec: { properties: object } };
};
const validate = new Ajv({ strict: false }).compile(schema);
const accepted = (value: unknown): boolean => validate(value) === true;
const runtimeAccepts = (value: unknown): boolean => checkClientToolSpecs(value).problems.length === 0;

describe("client-tool-spec.schema.json", () => {
  it("names every spec key the runtime knows, and no other", () => {
    expect(Object.keys(schema.definitions.spec.properties).sort()).toEqual([...SPEC_KEYS].sort());
  });

  it("accepts every spec file of the examples, and the official MCP servers' tools as specs", () => {
    const files = readdirSync(path.join(root, "examples"), { recursive: true, encoding: "utf8" }).filter((file) =>
      /client-tools[\\/][^\\/]+\.json$/.test(file),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const value: unknown = JSON.parse(readFileSync(path.join(root, "examples", file), "utf8"));
      expect(runtimeAccepts(value), file).toBe(true);
      expect(accepted(value), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const mcp = JSON.parse(
      readFileSync(path.join(root, "runtime/schema/__fixtures__/mcp-server-tools.json"), "utf8"),
    ) as { servers: { tools: { name: string; inputSchema: object }[] }[] };
    const specs = mcp.servers.flatMap((server) =>
      server.tools.map((tool) => ({ name: tool.name, description: "An MCP tool.", inputSchema: tool.inputSchema })),
    );
    expect(accepted(specs), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ["an unknown key", { name: "a", description: "A.", input_schema: { type: "object" } }],
    ["a name providers refuse", { name: "open file", description: "A." }],
    ["no description", { name: "a" }],
    [
      "both parameters and inputSchema",
      { name: "a", description: "A.", parameters: { type: "object" }, inputSchema: { type: "object" } },
    ],
    ["a root that is not an object schema", { name: "a", description: "A.", parameters: { type: "string" } }],
    ["a timeout given as a string", { name: "a", description: "A.", timeoutSeconds: "60" }],
    ["an unknown annotation", { name: "a", description: "A.", annotations: { readonly: true } }],
    [
      "a private input beside an outputSchema",
      {
        name: "a",
        description: "A.",
        outputSchema: { type: "object" },
        privateInput: { schema: { type: "object" }, response: {} },
      },
    ],
    [
      "a private input without a response",
      { name: "a", description: "A.", privateInput: { schema: { type: "object" } } },
    ],
    [
      "a private input sent again on recovery",
      {
        name: "a",
        description: "A.",
        annotations: { idempotentHint: true },
        recovery: "redispatch",
        privateInput: { schema: { type: "object" }, response: {} },
      },
    ],
  ])("refuses %s, as the runtime does", (_what, spec) => {
    expect(runtimeAccepts(spec)).toBe(false);
    expect(accepted(spec)).toBe(false);
  });
});
