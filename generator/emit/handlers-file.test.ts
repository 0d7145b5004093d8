import path from "node:path";
import { pathToFileURL } from "node:url";
import { exportClientTools, parseClientToolContract } from "@gen-client-tools/runtime";
import type { JsonSchema } from "@gen-client-tools/runtime/core";
import { parseClientToolSpecs, schemaFingerprint } from "@gen-client-tools/runtime/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generate } from "../generate.js";
import { writeGenerated } from "../write-generated.js";
import { removeTempProjects, tempProject } from "./validators/__fixtures__/project.js";

// The generated (name, args) dispatch, run as a user's app runs it: generated into a project,
// then imported. Its types are checked by examples/*/src/consumer.ts under tsc.

interface Failure {
  readonly ok: false;
  readonly name: string;
  readonly reason: string;
  readonly message: string;
  readonly errors?: readonly { readonly instancePath: string; readonly keyword: string; readonly message: string }[];
}
type Outcome =
  | { readonly ok: true; readonly name: string; readonly result: unknown; readonly output: unknown }
  | Failure;
type Handlers = Record<string, (args: never, ctx: unknown) => unknown>;
interface HandlersModule {
  dispatchToolCall(
    name: string,
    args: unknown,
    handlers: Handlers,
    ctx: unknown,
    options?: { validators?: unknown; strictArguments?: unknown },
  ): Promise<Outcome>;
  toClientAction(name: string, args: unknown): { ok: true; name: string; action: Record<string, unknown> } | Failure;
  isClientToolName(name: unknown): boolean;
  actionArgs(action: unknown): unknown;
  clientToolAcknowledgement: string;
  clientToolContract: string;
}

const SPECS = {
  "pick.json": {
    name: "pick_colour",
    description: "Ask the user for a colour.",
    parameters: {
      type: "object",
      properties: { prompt: { type: "string", maxLength: 20 }, hint: { type: "string" } },
      required: ["prompt"],
      additionalProperties: false,
    },
    outputSchema: { type: "object", properties: { colour: { type: "string" } }, required: ["colour"] },
  },
  "notify.json": {
    name: "notify",
    description: "Show a toast.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  "theme.json": {
    name: "set_theme",
    description: "Switch the theme.",
    parameters: {
      type: "object",
      properties: { kind: { enum: ["light", "dark"] } },
      required: ["kind"],
      additionalProperties: false,
    },
  },
  "tag.json": {
    name: "tag",
    description: "A tool whose own argument is called mcp_arg_kind.",
    parameters: { type: "object", properties: { mcp_arg_kind: { type: "string" } } },
  },
};

async function generateInto(validators: boolean): Promise<HandlersModule> {
  const project = tempProject(SPECS);
  writeGenerated(await generate({ cwd: project, stubs: false, validators }));
  return (await import(pathToFileURL(path.join(project, "src/client-tools.gen/handlers.ts")).href)) as HandlersModule;
}

let plain: HandlersModule;
let validated: HandlersModule;
beforeAll(async () => {
  [plain, validated] = await Promise.all([generateInto(false), generateInto(true)]);
});
afterAll(removeTempProjects);

const handlers = (): Handlers => ({
  pick_colour: vi.fn(() => ({ colour: "teal" })),
  notify: vi.fn(),
  set_theme: vi.fn(),
  tag: vi.fn(),
});

describe("dispatchToolCall (generated)", () => {
  it("calls an awaited tool's handler with the arguments and ctx; the output for the model is the result", async () => {
    const h = handlers();
    const outcome = await plain.dispatchToolCall("pick_colour", { prompt: "Which?" }, h, { user: "ann" });
    expect(outcome).toEqual({ ok: true, name: "pick_colour", result: { colour: "teal" }, output: { colour: "teal" } });
    expect(h["pick_colour"]).toHaveBeenCalledWith({ prompt: "Which?" }, { user: "ann" });
  });

  it("maps the model's arguments back from a strict variant (strictArguments: the export) before checking them", async () => {
    const [pick] = parseClientToolSpecs([SPECS["pick.json"]]);
    const exported = exportClientTools([pick!], "openai-chat", { strict: "compile" });
    expect(exported.compiled.map((entry) => entry.tool)).toEqual(["pick_colour"]);
    const h = handlers();
    // The variant made the optional hint required and nullable: the model sends null for "no hint".
    const outcome = await validated.dispatchToolCall("pick_colour", '{"prompt":"Which?","hint":null}', h, undefined, {
      strictArguments: exported,
    });
    expect(outcome).toMatchObject({ ok: true, name: "pick_colour" });
    expect(h["pick_colour"]).toHaveBeenCalledWith({ prompt: "Which?" }, undefined);
    // Without it, the variant's shape reaches the generated validator as it is.
    const raw = await validated.dispatchToolCall("pick_colour", { prompt: "Which?", hint: null }, h, undefined);
    expect(raw).toMatchObject({ ok: false, reason: "invalid_arguments" });
  });

  it("gives a fire-and-forget tool's acknowledgement as the output, and takes arguments as the model's JSON text", async () => {
    const h = handlers();
    const outcome = await plain.dispatchToolCall("notify", '{"text":"hi"}', h, undefined);
    expect(outcome).toEqual({ ok: true, name: "notify", result: undefined, output: "Tool call dispatched to client." });
    expect(plain.clientToolAcknowledgement).toBe("Tool call dispatched to client.");
    expect(h["notify"]).toHaveBeenCalledWith({ text: "hi" }, undefined);
  });

  it("takes an empty argument text as no arguments, as providers send it for a call without any", async () => {
    const h = handlers();
    await plain.dispatchToolCall("tag", "  ", h, undefined);
    expect(h["tag"]).toHaveBeenCalledWith({}, undefined);
  });

  it("resolves, never rejects, with the reason for an unknown tool, bad JSON, a non-object, a missing handler and a failing one", async () => {
    const h = handlers();
    h["pick_colour"] = () => {
      throw new Error("the user closed the dialog");
    };
    const { notify: _removed, ...withoutNotify } = h;
    const outcomes = await Promise.all([
      plain.dispatchToolCall("toString", {}, h, undefined),
      plain.dispatchToolCall("pick_colour", '{"prompt":', h, undefined),
      plain.dispatchToolCall("pick_colour", [1], h, undefined),
      plain.dispatchToolCall("pick_colour", "null", h, undefined),
      plain.dispatchToolCall("notify", { text: "x" }, withoutNotify, undefined),
      plain.dispatchToolCall("notify", { text: "x" }, Object.create({ toString: () => "" }) as Handlers, undefined),
      plain.dispatchToolCall("pick_colour", { prompt: "x" }, h, undefined),
    ]);
    expect(outcomes.map((o) => !o.ok && [o.name, o.reason])).toEqual([
      ["toString", "unknown_tool"],
      ["pick_colour", "invalid_json"],
      ["pick_colour", "invalid_arguments"],
      ["pick_colour", "invalid_arguments"],
      ["notify", "handler_error"],
      ["notify", "handler_error"],
      ["pick_colour", "handler_error"],
    ]);
    const messages = outcomes.map((o) => !o.ok && o.message);
    expect(messages[0]).toBe('There is no client tool named "toString".');
    expect(messages[1]).toMatch(/^The arguments for pick_colour are not valid JSON: .+\.$/);
    expect(messages[2]).toBe("The arguments for pick_colour must be a JSON object.");
    expect(messages[4]).toBe('This client has no handler for the tool "notify": add it to your ClientToolHandlers.');
    expect(messages[6]).toBe("the user closed the dialog");
  });

  it("without generated validators, leaves checking the arguments to validators passed in", async () => {
    const h = handlers();
    expect(await plain.dispatchToolCall("pick_colour", { prompt: 7 }, h, undefined)).toMatchObject({ ok: true });
    const mustBeString = Object.assign((data: unknown) => typeof (data as { prompt?: unknown }).prompt === "string", {
      errors: [{ instancePath: "/prompt", keyword: "type", message: "must be string" }],
    });
    const outcome = await plain.dispatchToolCall("pick_colour", { prompt: 7 }, h, undefined, {
      validators: { pick_colour: { args: mustBeString } },
    });
    expect(outcome).toEqual({
      ok: false,
      name: "pick_colour",
      reason: "invalid_arguments",
      message: "Invalid arguments for pick_colour: /prompt must be string.",
      errors: [{ instancePath: "/prompt", keyword: "type", message: "must be string" }],
    });
  });

  it("with generated validators, refuses arguments that do not match before any handler runs, naming each place", async () => {
    const h = handlers();
    const outcome = await validated.dispatchToolCall("pick_colour", { prompt: "x".repeat(21), extra: 1 }, h, undefined);
    expect(outcome).toMatchObject({ ok: false, reason: "invalid_arguments" });
    expect(!outcome.ok && outcome.errors?.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      " additionalProperties",
      "/prompt maxLength",
    ]);
    expect(!outcome.ok && outcome.message).toBe(
      'Invalid arguments for pick_colour: / must NOT have additional properties: "extra"; /prompt must NOT have more than 20 characters.',
    );
    expect(h["pick_colour"]).not.toHaveBeenCalled();
    expect(await validated.dispatchToolCall("pick_colour", { prompt: "ok" }, h, undefined)).toMatchObject({
      ok: true,
      output: { colour: "teal" },
    });
  });

  it("calls a class instance's methods with the instance as this", async () => {
    class Handlers {
      readonly colour = "plum";
      pick_colour() {
        return { colour: this.colour };
      }
    }
    expect(
      await plain.dispatchToolCall("pick_colour", { prompt: "?" }, new Handlers() as never, undefined),
    ).toMatchObject({ ok: true, result: { colour: "plum" } });
  });
});

describe("toClientAction (generated)", () => {
  it("makes the action an agent server sends: kind names the tool, an argument named kind travels as mcp_arg_kind", () => {
    expect(plain.toClientAction("set_theme", { kind: "dark" })).toEqual({
      ok: true,
      name: "set_theme",
      action: { kind: "ClientAction_set_theme", mcp_arg_kind: "dark" },
    });
    expect(plain.actionArgs({ kind: "ClientAction_set_theme", mcp_arg_kind: "dark" })).toEqual({ kind: "dark" });
  });

  it("carries an undeclared kind of an open object the same way, both ways", () => {
    const made = plain.toClientAction("notify", { text: "t", kind: "info" });
    expect(made).toEqual({
      ok: true,
      name: "notify",
      action: { kind: "ClientAction_notify", text: "t", mcp_arg_kind: "info" },
    });
    expect(made.ok && plain.actionArgs(made.action)).toEqual({ text: "t", kind: "info" });
  });

  it("keeps a tool's own mcp_arg_kind, and refuses arguments the action could not carry", () => {
    expect(plain.toClientAction("tag", { mcp_arg_kind: "x" })).toEqual({
      ok: true,
      name: "tag",
      action: { kind: "ClientAction_tag", mcp_arg_kind: "x" },
    });
    expect(plain.actionArgs({ kind: "ClientAction_tag", mcp_arg_kind: "x" })).toEqual({ mcp_arg_kind: "x" });
    expect(plain.toClientAction("tag", { kind: "x" })).toMatchObject({ ok: false, reason: "invalid_arguments" });
    expect(plain.toClientAction("notify", { text: "t", kind: "a", mcp_arg_kind: "b" })).toMatchObject({
      ok: false,
      reason: "invalid_arguments",
    });
  });

  it("checks as dispatchToolCall does", () => {
    expect(plain.toClientAction("nope", {})).toMatchObject({ ok: false, reason: "unknown_tool" });
    expect(validated.toClientAction("pick_colour", '{"prompt":1}')).toMatchObject({
      ok: false,
      reason: "invalid_arguments",
    });
    expect(plain.isClientToolName("notify")).toBe(true);
    expect(plain.isClientToolName("__proto__")).toBe(false);
    expect(plain.isClientToolName(1)).toBe(false);
  });
});

describe("clientToolContract (generated)", () => {
  it("names every tool with its mode and the digits of its schemas' fingerprints, which the server reads back", () => {
    const { tools } = parseClientToolContract(plain.clientToolContract);
    const digest = (schema: JsonSchema) => schemaFingerprint(schema).slice(0, 12);
    expect(Object.fromEntries(tools)).toEqual({
      notify: { mode: "f", parameters: digest(SPECS["notify.json"].parameters) },
      pick_colour: {
        mode: "a",
        parameters: digest(SPECS["pick.json"].parameters),
        answer: digest(SPECS["pick.json"].outputSchema),
      },
      set_theme: { mode: "f", parameters: digest(SPECS["theme.json"].parameters) },
      tag: { mode: "f", parameters: digest(SPECS["tag.json"].parameters) },
    });
    expect(validated.clientToolContract).toBe(plain.clientToolContract);
  });
});
