import { Client as Client2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport as InMemoryTransport2, McpServer } from "@modelcontextprotocol/server";
import { describe, expect, it, vi } from "vitest";
import {
  type ClientToolHandlers,
  clientToolSpecs,
  dispatchToolCall,
} from "../../../examples/validators/src/client-tools.gen/index.js";
import { clientToolSchemas } from "../../../examples/validators/src/client-tools.gen/validators/standard-schemas.js";
import { serveClientToolsOverMcp, type ToolCallDispatch } from "./index.js";

// A real MCP client talking to the served tools over the SDK's in-memory transport.

async function connected(handlers: ClientToolHandlers<{ signal: AbortSignal }>): Promise<Client> {
  const server = new Server({ name: "app", version: "1.0.0" });
  const dispatch: ToolCallDispatch = (name, args, { signal }) => dispatchToolCall(name, args, handlers, { signal });
  serveClientToolsOverMcp(server, clientToolSpecs, dispatch);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "agent", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

const handlers = () => ({ pick_date: vi.fn(() => ({ date: "2026-12-24" })), share_link: vi.fn() });

describe("serveClientToolsOverMcp (MCP SDK 1, low-level Server)", () => {
  it("lists every tool with its schemas as written, outputSchema for awaited tools, and the annotations", async () => {
    const client = await connected(handlers());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["pick_date", "share_link"]);
    expect(tools[0]).toEqual({
      name: "pick_date",
      description: clientToolSpecs[0].description,
      inputSchema: clientToolSpecs[0].parameters,
      outputSchema: clientToolSpecs[0].outputSchema,
      annotations: { readOnlyHint: true },
    });
    expect(tools[1]).not.toHaveProperty("outputSchema");
  });

  it("calls an awaited tool and answers with its result as structuredContent, which the client checks against outputSchema", async () => {
    const h = handlers();
    const client = await connected(h);
    const result = await client.callTool({ name: "pick_date", arguments: { title: "When?" } });
    expect(result).toEqual({
      content: [{ type: "text", text: '{"date":"2026-12-24"}' }],
      structuredContent: { date: "2026-12-24" },
    });
    expect(h.pick_date).toHaveBeenCalledWith(
      { title: "When?" },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it("answers a fire-and-forget tool with the acknowledgement", async () => {
    const client = await connected(handlers());
    expect(await client.callTool({ name: "share_link", arguments: { url: "https://example.com" } })).toEqual({
      content: [{ type: "text", text: "Tool call dispatched to client." }],
    });
  });

  it("answers a tool awaited without an outputSchema with the handler's text content as it is, isError included", async () => {
    const basic = await import("../../../examples/basic/src/client-tools.gen/index.js");
    const { clientToolHandlers } = await import("../../../examples/basic/src/client-tool-handlers.js");
    let answer: string | undefined = "README.md";
    const ui = {
      openPanel: () => undefined,
      confirm: async () => true,
      prompt: async () => answer,
      promptSecret: async () => "s3cret",
      setTheme: () => undefined,
    };
    const server = new Server({ name: "app", version: "1.0.0" });
    serveClientToolsOverMcp(server, basic.clientToolSpecs, (name, args) =>
      basic.dispatchToolCall(name, args, clientToolHandlers, { ui }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "agent", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "ask_user")).not.toHaveProperty("outputSchema");
    // A private input is the server's broker's: never offered to an MCP client, nor run for one.
    expect(tools.map((t) => t.name)).not.toContain("connect_account");
    await expect(client.callTool({ name: "connect_account", arguments: { service: "github" } })).rejects.toThrow(
      /Tool connect_account not found/,
    );
    expect(await client.callTool({ name: "ask_user", arguments: { question: "Which file?" } })).toEqual({
      content: [{ type: "text", text: "README.md" }],
    });
    answer = undefined;
    expect(await client.callTool({ name: "ask_user", arguments: { question: "Which file?" } })).toEqual({
      content: [{ type: "text", text: "The user closed the question without answering." }],
      isError: true,
    });
  });

  it("answers invalid arguments and a failing handler with isError and the message; an unknown tool with a protocol error", async () => {
    const h = handlers();
    h.pick_date.mockImplementation(() => {
      throw new Error("The user closed the calendar.");
    });
    const client = await connected(h);
    const invalid = await client.callTool({ name: "pick_date", arguments: { title: 7 } });
    expect(invalid).toEqual({
      content: [{ type: "text", text: "Invalid arguments for pick_date: /title must be string." }],
      isError: true,
    });
    expect(await client.callTool({ name: "pick_date", arguments: { title: "t" } })).toEqual({
      content: [{ type: "text", text: "The user closed the calendar." }],
      isError: true,
    });
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(
      /Tool no_such_tool not found/,
    );
  });
});

describe("the generated Standard Schema objects in MCP SDK 2's registerTool", () => {
  it("register as they are: listed with the schema as written, and validating the arguments of a call", async () => {
    const server = new McpServer({ name: "app", version: "1.0.0" });
    const pick = vi.fn((args: { title: string }) => ({ date: `2026-12-0${args.title.length}` }));
    server.registerTool(
      "pick_date",
      {
        description: clientToolSpecs[0].description,
        inputSchema: clientToolSchemas.pick_date.args,
        outputSchema: clientToolSchemas.pick_date.result,
      },
      async (args) => {
        const output = pick(args);
        return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
      },
    );
    const [clientSide, serverSide] = InMemoryTransport2.createLinkedPair();
    const client = new Client2({ name: "agent", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

    const { tools } = await client.listTools();
    expect(tools[0]?.inputSchema).toEqual(clientToolSpecs[0].parameters);
    expect(tools[0]?.outputSchema).toEqual(clientToolSpecs[0].outputSchema);
    expect(await client.callTool({ name: "pick_date", arguments: { title: "When?" } })).toMatchObject({
      structuredContent: { date: "2026-12-05" },
    });
    // The result goes through the generated result validator too.
    pick.mockReturnValueOnce({ date: "soon" });
    expect(JSON.stringify(await client.callTool({ name: "pick_date", arguments: { title: "t" } }))).toContain(
      'must match format \\"date\\"',
    );
    const refused = await client.callTool({ name: "pick_date", arguments: { title: "x".repeat(81) } });
    expect(refused).toMatchObject({ isError: true });
    expect(JSON.stringify(refused)).toContain("must NOT have more than 80 characters");
    expect(pick).toHaveBeenCalledTimes(2);
  });
});
