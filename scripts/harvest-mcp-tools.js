// Collects the `tools/list` of the official MCP servers published on npm, as a fixture for the
// schema-keyword tests (runtime/schema/__fixtures__/mcp-server-tools.json). Run it in a folder
// where the servers are installed:
//   npm install @modelcontextprotocol/server-filesystem @modelcontextprotocol/server-memory ... --ignore-scripts
//   node <repo>/scripts/harvest-mcp-tools.js <that folder> > runtime/schema/__fixtures__/mcp-server-tools.json
// Each server runs over stdio with placeholder credentials: listing tools calls no service.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const folder = path.resolve(process.argv[2] ?? ".");
const scope = path.join(folder, "node_modules/@modelcontextprotocol");
const placeholders = {
  BRAVE_API_KEY: "placeholder",
  GITHUB_PERSONAL_ACCESS_TOKEN: "placeholder",
  GITLAB_PERSONAL_ACCESS_TOKEN: "placeholder",
  SLACK_BOT_TOKEN: "placeholder",
  SLACK_TEAM_ID: "placeholder",
  GOOGLE_MAPS_API_KEY: "placeholder",
  EVERART_API_KEY: "placeholder",
  AWS_ACCESS_KEY_ID: "placeholder",
  AWS_SECRET_ACCESS_KEY: "placeholder",
  AWS_REGION: "us-east-1",
  GDRIVE_CREDENTIALS_PATH: path.join(folder, "gdrive-credentials.json"),
};
// Arguments some servers need before they list anything.
const args = {
  "server-filesystem": [folder],
  "server-postgres": ["postgresql://localhost/placeholder"],
  "server-redis": ["redis://127.0.0.1:6379"],
};

const servers = [];
for (const name of readdirSync(scope)
  .filter((entry) => entry.startsWith("server-"))
  .sort()) {
  const manifest = JSON.parse(readFileSync(path.join(scope, name, "package.json"), "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(scope, name, bin), ...(args[name] ?? [])],
    env: { ...process.env, ...placeholders },
    stderr: "ignore",
  });
  const client = new Client({ name: "gen-client-tools-harvest", version: "1.0.0" });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    servers.push({
      package: manifest.name,
      version: manifest.version,
      tools: tools.map(({ name, inputSchema, outputSchema }) => ({
        name,
        inputSchema,
        ...(outputSchema && { outputSchema }),
      })),
    });
  } catch (error) {
    process.stderr.write(`${manifest.name}: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    await client.close().catch(() => undefined);
  }
}
const date = new Date().toISOString().slice(0, 10);
process.stdout.write(
  `${JSON.stringify({ source: "tools/list of the official MCP servers on npm (@modelcontextprotocol/server-*), by scripts/harvest-mcp-tools.js", date, servers }, null, 2)}\n`,
);
