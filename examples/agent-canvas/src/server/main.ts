import path from "node:path";
import { fileURLToPath } from "node:url";
import { startCanvasServer } from "./app.js";
import type { ChatModel } from "./model.js";
import { AnthropicModel, OpenAIChatModel } from "./provider-models.js";
import { ScriptedModel } from "./scripted-model.js";

// Runs from examples/agent-canvas/.build/server.js; the example's folders sit one level up.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function chooseModel(): { model: ChatModel; name: string } {
  if (process.env["OPENAI_API_KEY"]) return { model: new OpenAIChatModel(), name: "OpenAI" };
  if (process.env["ANTHROPIC_API_KEY"]) return { model: new AnthropicModel(), name: "Anthropic" };
  return { model: new ScriptedModel(), name: "the scripted model (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a real one)" };
}

const { model, name } = chooseModel();
const server = await startCanvasServer({
  port: Number(process.env["PORT"] ?? 0),
  dataDir: process.env["CANVAS_DATA_DIR"] ?? path.join(root, "data"),
  workspaceDir: path.join(root, "workspace"),
  webDir: path.join(root, ".build", "web"),
  model,
});
console.log(`Agent canvas on ${server.url} (model: ${name})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
