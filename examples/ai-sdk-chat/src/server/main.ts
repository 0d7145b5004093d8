import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { convertToModelMessages, streamText, type UIMessage } from "ai";
import { toAiSdkTools } from "../../../../runtime/adapters/ai-sdk/index.js"; // in an app: "gen-client-tools/ai-sdk"
import { type ClientToolMap, clientToolSpecs } from "../client-tools.gen/index.js";
import { clientToolValidators } from "../client-tools.gen/validators/index.js";
import { scriptedModel } from "./scripted-model.js";

/**
 * The client tools as the AI SDK's tools: the page runs them, the model's arguments are checked with the generated
 * validators.
 */
export const clientTools = toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators: clientToolValidators });

// Runs from examples/ai-sdk-chat/.build/server.js; the page's files are beside it.
const web = path.join(path.dirname(fileURLToPath(import.meta.url)), "web");
const FILES: Readonly<Record<string, readonly [file: string, type: string]>> = {
  "/": ["index.html", "text/html; charset=utf-8"],
  "/app.js": ["app.js", "text/javascript; charset=utf-8"],
  "/app.css": ["app.css", "text/css; charset=utf-8"],
};
const MAX_BODY = 1_000_000;
const model = scriptedModel();

const server = createServer(async (request, response) => {
  try {
    if (request.method === "POST" && request.url === "/api/chat") {
      const { messages } = JSON.parse(await body(request)) as { messages: UIMessage[] };
      const result = streamText({ model, messages: await convertToModelMessages(messages), tools: clientTools });
      result.pipeUIMessageStreamToResponse(response);
      return;
    }
    const served = request.method === "GET" ? FILES[request.url ?? ""] : undefined;
    if (served === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": served[1] }).end(await readFile(path.join(web, served[0])));
  } catch (error) {
    response
      .writeHead(400, { "content-type": "text/plain" })
      .end(error instanceof Error ? error.message : "bad request");
  }
});

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY) reject(new Error("The request is too large."));
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

server.listen(Number(process.env["PORT"] ?? 0), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  console.log(`AI SDK chat on http://127.0.0.1:${port}/ (model: the scripted one)`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
