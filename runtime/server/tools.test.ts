import { describe, expect, it } from "vitest";
import { schemaFingerprint, toolFingerprints } from "../fingerprint/fingerprint.js";
import type { ClientToolLookup, RegisteredClientTool } from "../registry/types.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import { specs } from "./__fixtures__/tools.js";
import { toolFinder } from "./tools.js";

const getLocation = specs.find((s) => s.name === "get_location")!;

function registered(spec: ClientToolSpec): RegisteredClientTool {
  return { name: spec.name, spec, fingerprints: toolFingerprints(spec), identity: spec.name };
}

describe("toolFinder", () => {
  it("indexes a spec list and gives awaited tools their result fingerprint, computed once", () => {
    const find = toolFinder(specs);

    const tool = find("get_location", "c1");
    expect(tool?.spec).toBe(getLocation);
    expect(tool?.fingerprints.outputSchema).toBe(schemaFingerprint(getLocation.outputSchema!));
    expect(find("get_location", "c1")).toBe(tool);
    expect(find("open_file_viewer", "c1")?.fingerprints.outputSchema).toBeUndefined();
    expect(find("missing", "c1")).toBeUndefined();
  });

  it("asks a registry on every lookup, so a re-registered tool's newest spec applies", () => {
    const tools = new Map([["get_location", registered(getLocation)]]);
    const registry: ClientToolLookup = { get: (name) => tools.get(name), list: () => [...tools.values()] };
    const find = toolFinder(registry);
    expect(find("get_location", "c1")?.spec.timeoutSeconds).toBe(30);

    tools.set("get_location", registered({ ...getLocation, timeoutSeconds: 90 }));
    expect(find("get_location", "c1")?.spec.timeoutSeconds).toBe(90);
  });
});
