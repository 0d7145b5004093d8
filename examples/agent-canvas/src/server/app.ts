import { createHash, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import {
  attachClientTools,
  ClientCallBroker,
  ClientToolRegistrationError,
  ClientToolRegistry,
  createClientToolsHandler,
  type PendingCallStore,
  toNodeListener,
} from "@gen-client-tools/runtime/server";
import { DEFAULT_MAX_ANSWER_BYTES } from "@gen-client-tools/runtime/wire";
import { type WebSocket, WebSocketServer } from "ws";
import { clientInputHandlers } from "../client-tools.gen/client-inputs.js";
import { registerClientTools } from "../client-tools.gen/specs.js";
import type { CanvasEvent, EventMessage } from "../shared/events.js";
import { runTurn } from "./agent-loop.js";
import { ConversationStore, type StoredConversation } from "./conversation-store.js";
import type { ChatModel } from "./model.js";

export interface CanvasServerOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** Where conversations are persisted. */
  readonly dataDir: string;
  /** Files the file viewer may show. */
  readonly workspaceDir: string;
  /** The built page: index.html, app.js, app.css. */
  readonly webDir: string;
  readonly model: ChatModel;
  /** Where open calls live; default the broker's memory store. Give every instance the same one. */
  readonly store?: PendingCallStore;
}

export interface CanvasServer {
  readonly url: string;
  close(): Promise<void>;
}

const STATIC: Readonly<Record<string, string>> = {
  "/": "index.html",
  "/index.html": "index.html",
  "/app.js": "app.js",
  "/app.css": "app.css",
};
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
};

/**
 * The agent canvas server: the page, a small conversation API, the client-tool routes of the
 * runtime's HTTP transport, and a WebSocket per page for conversation events and client-tool
 * requests. The page's identity is the bearer token it sends (a demo: a real app authenticates).
 */
export async function startCanvasServer(options: CanvasServerOptions): Promise<CanvasServer> {
  const registry = new ClientToolRegistry();
  registerClientTools(registry);
  const store = new ConversationStore(options.dataDir);
  for (const conversation of store.all())
    registry.scope(conversation.id, { owner: conversation.owner }).register(conversation.clientTools);

  // The server's own code, the one place a private input goes: a demo vault in memory. It keeps the
  // token for the app's use and never writes it anywhere; the page can ask which services are connected.
  const vault = new Map<string, Map<string, string>>();
  const privateInputs = clientInputHandlers({
    async connect_account(privateInput, args, call) {
      const owned = vault.get(call.owner) ?? new Map<string, string>();
      owned.set(args.service, privateInput.token);
      vault.set(call.owner, owned);
    },
  });
  const broker = new ClientCallBroker({
    tools: registry,
    privateInputs,
    ...(options.store !== undefined && { store: options.store }),
  });
  const sockets = new Map<string, Set<WebSocket>>();
  const turns = new Map<string, Promise<void>>();

  const emit = (conversation: StoredConversation, event: CanvasEvent): void => {
    conversation.events.push(event);
    store.save();
    const message: EventMessage = { type: "event", conversationId: conversation.id, event };
    for (const socket of sockets.get(conversation.id) ?? []) socket.send(JSON.stringify(message));
  };

  const ownerOf = (request: {
    headers: { get(name: string): string | null } | IncomingMessage["headers"];
  }): string | undefined => {
    const header =
      "get" in request.headers && typeof request.headers.get === "function"
        ? request.headers.get("authorization")
        : (request.headers as IncomingMessage["headers"])["authorization"];
    const match = /^Bearer ([\w-]{8,64})$/.exec(typeof header === "string" ? header : "");
    return match?.[1];
  };

  const clientTools = toNodeListener(
    createClientToolsHandler(broker, { authenticate: (request: Request) => ownerOf(request) }),
  );

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/client-tools")) return void clientTools(req, res);
    handle(req, res, url).catch((error: unknown) => sendJson(res, 500, { detail: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const asset = STATIC[url.pathname];
    if (req.method === "GET" && asset !== undefined) {
      const body = await readFile(path.join(options.webDir, asset));
      res
        .writeHead(200, { "content-type": CONTENT_TYPES[path.extname(asset)] ?? "application/octet-stream" })
        .end(body);
      return;
    }
    if (req.method === "GET" && url.pathname === "/api/files")
      return serveFile(res, url.searchParams.get("path") ?? "");

    const owner = ownerOf(req);
    if (owner === undefined) return sendJson(res, 401, { detail: "send Authorization: Bearer <client id>" });

    if (req.method === "GET" && url.pathname === "/api/accounts") {
      // What is connected, with each token's sha256 (a check that the right one arrived), never the token.
      const owned = [...(vault.get(owner) ?? new Map<string, string>())];
      return sendJson(res, 200, {
        accounts: owned.map(([service, token]) => ({
          service,
          tokenSha256: createHash("sha256").update(token).digest("hex"),
        })),
      });
    }
    if (req.method === "POST" && url.pathname === "/api/conversations") {
      const body = (await readJson(req)) as { client_tools?: unknown };
      const id = randomUUID();
      try {
        // All-or-nothing: a tool whose schema conflicts with a known one is refused with 422.
        registry.scope(id, { owner }).register(body.client_tools ?? []);
      } catch (error) {
        if (error instanceof ClientToolRegistrationError) return sendJson(res, error.status, error.toJSON());
        throw error;
      }
      const conversation: StoredConversation = {
        id,
        owner,
        clientTools: registry.scope(id).snapshot().client_tools,
        events: [],
        messages: [],
      };
      store.put(conversation);
      return sendJson(res, 201, { id });
    }

    const match = /^\/api\/conversations\/([\w-]+)(\/messages)?$/.exec(url.pathname);
    const conversation = match === null ? undefined : store.get(match[1]!);
    if (conversation === undefined || conversation.owner !== owner)
      return sendJson(res, 404, { detail: "no such conversation" });
    if (req.method === "GET" && match?.[2] === undefined) {
      return sendJson(res, 200, {
        id: conversation.id,
        client_tools: registry.scope(conversation.id).snapshot().client_tools,
        events: conversation.events,
      });
    }
    if (req.method === "POST" && match?.[2] !== undefined) {
      const { text } = (await readJson(req)) as { text?: unknown };
      if (typeof text !== "string" || text.trim() === "") return sendJson(res, 400, { detail: "send { text }" });
      // One turn at a time per conversation, in the order the messages came.
      const previous = turns.get(conversation.id) ?? Promise.resolve();
      const turn = previous.then(() =>
        runTurn({ model: options.model, broker, emit }, conversation, registry.scope(conversation.id), text),
      );
      turns.set(
        conversation.id,
        turn.catch(() => undefined),
      );
      return sendJson(res, 202, { accepted: true });
    }
    return sendJson(res, 405, { detail: "method not allowed" });
  }

  async function serveFile(res: ServerResponse, relative: string): Promise<void> {
    const workspace = path.resolve(options.workspaceDir);
    const file = path.resolve(workspace, relative);
    if (!file.startsWith(workspace + path.sep)) return sendJson(res, 404, { detail: "no such file" });
    try {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(await readFile(file, "utf8"));
    } catch {
      sendJson(res, 404, { detail: "no such file" });
    }
  }

  // maxPayload as attachClientTools' answer limit: ws refuses a larger frame before reading it. (No
  // Origin check: the page names its owner in the URL, no cookie; with cookies, use clientToolsWebSocketServerOptions.)
  const sockets$ = new WebSocketServer({ server, path: "/ws", maxPayload: DEFAULT_MAX_ANSWER_BYTES });
  sockets$.on("connection", (socket, req) => {
    // A frame that breaks the protocol closes this socket (ws does it): the error is the client's, not the process's.
    socket.on("error", () => undefined);
    const url = new URL(req.url ?? "/", "http://localhost");
    const owner = /^[\w-]{8,64}$/.exec(url.searchParams.get("owner") ?? "")?.[0];
    const conversation = store.get(url.searchParams.get("conversation") ?? "");
    if (owner === undefined || conversation === undefined || conversation.owner !== owner)
      return socket.close(4404, "no such conversation");
    const members = sockets.get(conversation.id) ?? new Set();
    members.add(socket);
    sockets.set(conversation.id, members);
    attachClientTools(socket, broker, owner);
    socket.on("close", () => members.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await broker.close();
      for (const socket of sockets$.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets$.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.save();
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 1_000_000) throw new Error("body too large");
  }
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
