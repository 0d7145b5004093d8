import { describe, expect, it } from "vitest";
import {
  clientToolContract as basicContract,
  clientToolSpecs as basicSpecs,
} from "../../examples/basic/src/client-tools.gen/index.js";
import { schemaFingerprint, toolFingerprints } from "../fingerprint/fingerprint.js";
import { CONTENT_RESULT_SCHEMA } from "../tool-spec/content-result.js";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import type { JsonSchema } from "../util/json.js";
import {
  clientToolContractOf,
  clientToolDifferences,
  clientToolVersionOf,
  contractDifferences,
  MAX_CONTRACT_TOOLS,
  parseClientToolContract,
} from "./client-tool-contract.js";
import { ClientToolContractMalformedError } from "./errors.js";

const specs = parseClientToolSpecs([
  {
    name: "open_file_viewer",
    description: "Open a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
  {
    name: "get_location",
    description: "The user's city.",
    outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
  { name: "ask_user", description: "Ask the user.", awaited: true },
  {
    name: "connect_account",
    description: "Collect a token.",
    privateInput: {
      schema: { type: "object", properties: { token: { type: "string" } }, required: ["token"] },
      response: { status: "connected" },
    },
  },
]);
const [viewer, location, ask, connect] = specs;
const digest = (schema: JsonSchema) => schemaFingerprint(schema).slice(0, 12);

describe("clientToolContractOf", () => {
  it("lists each tool in name order with its mode and the first 12 hex digits of its schemas' fingerprints", () => {
    expect(clientToolContractOf(specs).split(".")).toEqual([
      "1",
      `ask_user~c~${digest(ask!.parameters)}~${digest(CONTENT_RESULT_SCHEMA)}`,
      `connect_account~p~${digest(connect!.parameters)}~${digest(connect!.privateInput!.schema)}`,
      `get_location~a~${digest(location!.parameters)}~${digest(location!.outputSchema!)}`,
      `open_file_viewer~f~${digest(viewer!.parameters)}`,
    ]);
  });

  it("fits a URL's query as it is", () => {
    const contract = clientToolContractOf(
      parseClientToolSpecs([
        { name: "set-theme", description: "Set the theme." },
        { name: "_private_x", description: "x" },
      ]),
    );
    expect(encodeURIComponent(contract)).toBe(contract);
  });

  it("is what the generated code exports, from the generated specs' own fingerprints", () => {
    expect(basicContract).toBe(
      clientToolContractOf(parseClientToolSpecs(basicSpecs.map(({ fingerprints: _, ...spec }) => spec))),
    );
    expect(basicContract).toBe(clientToolContractOf(basicSpecs));
  });
});

describe("parseClientToolContract", () => {
  it("reads back every tool of a contract", () => {
    const { tools } = parseClientToolContract(clientToolContractOf(specs));
    expect([...tools.keys()]).toEqual(["ask_user", "connect_account", "get_location", "open_file_viewer"]);
    expect(tools.get("get_location")).toEqual({
      mode: "a",
      parameters: digest(location!.parameters),
      answer: digest(location!.outputSchema!),
    });
    expect(tools.get("open_file_viewer")).toEqual({ mode: "f", parameters: digest(viewer!.parameters) });
    expect(parseClientToolContract("1").tools.size).toBe(0);
  });

  it.each([
    ["", "does not start with version 1"],
    ["2.get_location~a~0123456789ab~0123456789ab", "does not start with version 1"],
    ["1.", "tool 1 has no valid tool name"],
    ["1.9lives~f~0123456789ab", "tool 1 has no valid tool name"],
    ["1.get_location~x~0123456789ab", "tool 1 has no mode"],
    ["1.get_location~a~0123456789AB~0123456789ab", "tool 1 has no parameters digest"],
    ["1.get_location~a~0123456789", "tool 1 has no parameters digest"],
    ["1.get_location~a~0123456789ab", "needs an answer digest"],
    ["1.open_file_viewer~f~0123456789ab~0123456789ab", "needs an answer digest"],
    ["1.get_location~a~0123456789ab~0123456789ab~extra", "needs an answer digest"],
    ["1.a~f~0123456789ab.a~f~0123456789ab", "tool 2 lists a a second time"],
  ])("refuses %j: %s", (text, reason) => {
    expectRefused(text, reason);
  });

  it("refuses a contract of more tools, or more characters, than any page has", () => {
    expectRefused(`1${".a~f~0123456789ab".repeat(MAX_CONTRACT_TOOLS + 1)}`, "lists more than 1000 tools");
    expectRefused("1.".padEnd(200_000, "a"), "longer than 96000 characters");
  });

  function expectRefused(text: string, reason: string): void {
    const parse = () => parseClientToolContract(text);
    expect(parse).toThrow(ClientToolContractMalformedError);
    expect(parse).toThrow(reason);
    try {
      parse();
    } catch (error) {
      expect((error as ClientToolContractMalformedError).status).toBe(400);
    }
  }
});

describe("contractDifferences", () => {
  const contract = parseClientToolContract(clientToolContractOf(specs));
  const call = {
    toolName: "get_location",
    mode: "a" as const,
    parameters: schemaFingerprint(location!.parameters),
    answer: schemaFingerprint(location!.outputSchema!),
  };

  it("finds nothing for a call of a tool the page has as the call does", () => {
    expect(contractDifferences(contract, call)).toEqual([]);
  });

  it("names what the page lacks: the tool, its mode, its parameters, its result's schema", () => {
    expect(contractDifferences(contract, { ...call, toolName: "read_clipboard" })).toEqual(["missing"]);
    expect(contractDifferences(contract, { ...call, mode: "c" })).toEqual(["mode"]);
    expect(
      contractDifferences(contract, {
        ...call,
        parameters: schemaFingerprint({ type: "object", properties: { precise: { type: "boolean" } } }),
      }),
    ).toEqual(["parameters"]);
    expect(contractDifferences(contract, { ...call, answer: schemaFingerprint({ type: "object" }) })).toEqual([
      "result",
    ]);
    expect(
      contractDifferences(contract, {
        toolName: "open_file_viewer",
        mode: "a",
        parameters: schemaFingerprint(viewer!.parameters),
        answer: call.answer,
      }),
    ).toEqual(["mode"]);
  });

  it("finds nothing where the page has an earlier version the tool lists as compatible, and only that one", () => {
    const pageVersion = clientToolVersionOf(location!);
    expect(pageVersion).toBe(`a~${digest(location!.parameters)}~${digest(location!.outputSchema!)}`);
    const newer = { ...call, answer: schemaFingerprint({ type: "object" }) };
    expect(contractDifferences(contract, { ...newer, compatible: [pageVersion] })).toEqual([]);
    expect(contractDifferences(contract, { ...newer, compatible: [`a~${"0".repeat(12)}~${"1".repeat(12)}`] })).toEqual([
      "result",
    ]);
    // As AG-UI's runs check a spec before streaming its call: the spec's own list counts the same.
    const listing = parseClientToolSpecs([
      {
        name: "get_location",
        description: "The user's city.",
        outputSchema: { type: "object", properties: { city: { type: "string" } } },
      },
    ])[0]!;
    expect(clientToolDifferences(contract, listing)).toEqual(["result"]);
    expect(
      clientToolDifferences(contract, {
        ...listing,
        fingerprints: { ...toolFingerprints(listing), compatible: [pageVersion] },
      }),
    ).toEqual([]);
    // A mode changed is never compatible, whatever the list says.
    expect(contractDifferences(contract, { ...newer, mode: "c", compatible: [pageVersion] })).toEqual([
      "mode",
      "result",
    ]);
  });

  it("compares only what the server knows of the call (a record written before calls carried their tool)", () => {
    expect(contractDifferences(contract, { toolName: "get_location" })).toEqual([]);
    expect(contractDifferences(contract, { toolName: "gone" })).toEqual(["missing"]);
  });
});
