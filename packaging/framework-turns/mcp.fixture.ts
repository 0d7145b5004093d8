// MCP through the SDK's own Client and low-level Server over its in-memory transport, each turn's
// calls made in parallel as a host makes them, in a fresh project. Approvals are the host's.

import { serveClientToolsOverMcp } from "@gen-client-tools/runtime/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { clientToolSpecs } from "./client-tools.gen/index.js";
import { dispatch, ran, type ScenarioReport, TURNS } from "./page.js";

export async function scenario(): Promise<ScenarioReport> {
  // MCP names a call by its request id: the scenario's ids go with the arguments, so the page logs them.
  const ids = new Map(TURNS.flat().map((call) => [JSON.stringify(call.args), call.id]));
  const server = new Server({ name: "app", version: "1.0.0" });
  serveClientToolsOverMcp(server, clientToolSpecs, (name, args, context) =>
    dispatch(name, args, { ...context, toolCallId: ids.get(JSON.stringify(args)) ?? context.toolCallId }),
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "host", version: "1.0.0" });
  await client.connect(clientSide);
  await client.listTools();
  const modelRead: Record<string, string> = {};
  for (const calls of TURNS) {
    await Promise.all(
      calls.map(async (call) => {
        const result = await client.callTool({ name: call.name, arguments: { ...call.args } });
        const content = result.content as readonly { readonly type: string; readonly text?: string }[];
        modelRead[call.id] = content.map((part) => part.text ?? "").join("");
      }),
    );
  }
  await client.close();
  return { ran, modelRead };
}
