import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { RedisPendingCallStore } from "../../../../runtime/server/stores/redis/index.js";
import { startCanvasServer } from "./app.js";
import type { ChatModel } from "./model.js";
import { AnthropicModel, OpenAIChatModel } from "./provider-models.js";
import { ScriptedModel } from "./scripted-model.js";

// Runs from examples/agent-canvas/.build/server.js; the example's folders sit one level up.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function chooseModel(): { model: ChatModel; name: string } {
  if (process.env["OPENAI_API_KEY"]) return { model: new OpenAIChatModel(), name: "OpenAI" };
  if (process.env["ANTHROPIC_API_KEY"]) return { model: new AnthropicModel(), name: "Anthropic" };
  return {
    model: new ScriptedModel(),
    name: "the scripted model (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a real one)",
  };
}

/** With CANVAS_REDIS_URL, open calls live in Redis (as several instances would share them); else in memory. */
async function chooseStore(): Promise<RedisPendingCallStore | undefined> {
  const url = process.env["CANVAS_REDIS_URL"];
  if (url === undefined || url === "") return undefined;
  const client = createClient({ url });
  client.on("error", (error: unknown) => console.error("redis:", error));
  await client.connect();
  return new RedisPendingCallStore(client);
}

const { model, name } = chooseModel();
const store = await chooseStore();
const server = await startCanvasServer({
  port: Number(process.env["PORT"] ?? 0),
  dataDir: process.env["CANVAS_DATA_DIR"] ?? path.join(root, "data"),
  workspaceDir: path.join(root, "workspace"),
  webDir: path.join(root, ".build", "web"),
  model,
  ...(store !== undefined && { store }),
});
console.log(`Agent canvas on ${server.url} (model: ${name})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
