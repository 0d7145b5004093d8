import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JsonObject } from "../../runtime/util/json.js";
import { PACKAGE_ROOT } from "../paths.js";
import type { Corpus } from "./write-corpus.js";

/** The input schemas of the official MCP servers' tools, as the runtime's tests hold them. */
const MCP_TOOLS_FILE = path.join(PACKAGE_ROOT, "runtime", "schema", "__fixtures__", "mcp-server-tools.json");

interface McpServer {
  readonly package: string;
  readonly tools: readonly { readonly name: string; readonly inputSchema: JsonObject }[];
}

/**
 * A corpus of real schemas: `count` client-tool specs whose `inputSchema`s are the official MCP servers' tools' (93
 * of them), taken in turn, each under its own name, one pretty-printed file per tool as in the synthetic corpus.
 */
export function writeMcpCorpus(folder: string, count: number): Corpus {
  const { servers } = JSON.parse(readFileSync(MCP_TOOLS_FILE, "utf8")) as { servers: McpServer[] };
  const tools = servers.flatMap((server) => server.tools.map((tool) => ({ server: server.package, ...tool })));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const specs: JsonObject[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const tool = tools[i % tools.length]!;
    const spec: JsonObject = {
      name: `${tool.name}_${i}`,
      description: `${tool.name}, a tool of ${tool.server}.`,
      inputSchema: tool.inputSchema,
    };
    const text = `${JSON.stringify(spec, null, 2)}\n`;
    writeFileSync(path.join(folder, `${String(i).padStart(5, "0")}.json`), text);
    specs.push(spec);
    bytes += Buffer.byteLength(text);
  }
  return { folder, specs, bytes };
}
