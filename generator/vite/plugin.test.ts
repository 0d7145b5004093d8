import { readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build, createServer, type ViteDevServer } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { linkRuntime } from "../../test-support/runtime-package.js";
import { removeTempProjects, tempProject, writeProjectFiles } from "../../test-support/temp-project.js";
import clientTools from "./index.js";

// A tiny app under a real Vite dev server and a real `vite build`. The test talks to the dev
// server as the page's Vite client does: over the HMR WebSocket, where reloads and the error
// overlay's errors arrive.
const servers: ViteDevServer[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const server of servers.splice(0)) await server.close();
  removeTempProjects();
});

const WAIT_MS = 15_000;

const spec = (description: string) => ({
  name: "ping",
  description,
  parameters: { type: "object", properties: { n: { type: "integer" } } },
});

function app(specs: Record<string, unknown> = { "client-tools/ping.json": spec("Ping v1.") }): string {
  const root = tempProject({
    "index.html": '<!doctype html>\n<html><body><script type="module" src="/src/main.ts"></script></body></html>\n',
    "src/main.ts":
      'import { clientToolsPayload } from "./client-tools.gen/index.js";\ndocument.body.textContent = clientToolsPayload.client_tools.map((tool) => tool.description).join(", ");\n',
    ...specs,
  });
  linkRuntime(root);
  return root;
}

const generated = (root: string, file: string): string =>
  readFileSync(path.join(root, "src/client-tools.gen", file), "utf8");

interface HmrMessage {
  readonly type: string;
  readonly path?: string;
  readonly err?: {
    message: string;
    stack: string;
    plugin?: string;
    id?: string;
    loc?: { file?: string; line: number; column: number };
  };
}

/** A connection to the dev server's HMR socket, as the page's Vite client opens it. */
async function hmrClient(server: ViteDevServer) {
  const { port } = server.httpServer!.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/?token=${server.config.webSocketToken}`, "vite-hmr");
  sockets.push(socket);
  const messages: HmrMessage[] = [];
  let seen = 0;
  socket.on("message", (data) => messages.push(JSON.parse(String(data)) as HmrMessage));
  /** The next message (after those already taken) that `test` accepts; bounded. */
  const next = (what: string, test: (message: HmrMessage) => boolean): Promise<HmrMessage> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        for (; seen < messages.length; seen++) {
          if (test(messages[seen]!)) {
            clearInterval(timer);
            resolve(messages[seen++]!);
            return;
          }
        }
        if (Date.now() - started > WAIT_MS) {
          clearInterval(timer);
          reject(new Error(`no ${what} within ${WAIT_MS} ms; messages: ${JSON.stringify(messages)}`));
        }
      }, 20);
    });
  await next("connected message", (message) => message.type === "connected");
  return { next };
}

async function devServer(root: string): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [clientTools({ stubs: false })],
    server: { host: "127.0.0.1", port: 0, strictPort: false },
  });
  servers.push(server);
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(WAIT_MS) });
  expect(response.status, url).toBe(200);
  return response.text();
}

describe("the Vite plugin in the dev server", () => {
  it("generates before serving, regenerates on a spec change and the page reloads, shows a bad save in the overlay, and recovers", async () => {
    const root = app();
    const { server, url } = await devServer(root);
    expect(generated(root, "specs.ts")).toContain("Ping v1.");
    const client = await hmrClient(server);
    // The page's modules, as the browser requests them: now the server knows who imports the output.
    expect(await fetchText(`${url}/src/main.ts`)).toContain("/src/client-tools.gen/index.ts");
    expect(await fetchText(`${url}/src/client-tools.gen/index.ts`)).toContain("specs.ts");

    writeProjectFiles(root, { "client-tools/ping.json": spec("Ping v2.") });
    await client.next(
      "reload after the change",
      (message) => message.type === "full-reload" || message.type === "update",
    );
    expect(generated(root, "specs.ts")).toContain("Ping v2.");
    expect(await fetchText(`${url}/src/client-tools.gen/specs.ts`)).toContain("Ping v2.");

    const good = readdirSync(path.join(root, "src/client-tools.gen")).map((file) => generated(root, file));
    writeProjectFiles(root, { "client-tools/ping.json": '{\n  "name": "ping",\n  "description": 7\n}\n' });
    const { err } = await client.next("error overlay", (message) => message.type === "error");
    expect(err?.message).toMatch(/^client-tools\/ping\.json:3:3 \(at \/description\): /);
    expect(err?.message).toContain("generated files were left as they were");
    expect(err).toMatchObject({
      stack: "",
      plugin: "gen-client-tools",
      id: path.join(root, "client-tools/ping.json"),
      loc: { line: 3, column: 3 },
    });
    expect(readdirSync(path.join(root, "src/client-tools.gen")).map((file) => generated(root, file))).toEqual(good);

    // A page opened while the specs are broken gets the overlay as it connects.
    const late = await hmrClient(server);
    expect((await late.next("error overlay on connect", (message) => message.type === "error")).err?.message).toBe(
      err?.message,
    );

    // Saved back as it was: the output does not change, and the overlay still has to go.
    writeProjectFiles(root, { "client-tools/ping.json": spec("Ping v2.") });
    await client.next("reload after the fix", (message) => message.type === "full-reload");
  });

  it("shows a run that fails (a file where the output folder goes) in the overlay, keeps serving, and generates once the cause is gone", async () => {
    const root = app();
    writeProjectFiles(root, { "src/client-tools.gen": "not a folder" });
    const { server } = await devServer(root);
    const client = await hmrClient(server);
    const { err } = await client.next("error overlay", (message) => message.type === "error");
    expect(err?.message).toMatch(/^gen-client-tools: cannot \w+ .*client-tools\.gen.*: .*\((ENOTDIR|EEXIST)\)$/);
    expect(err?.stack).toBe("");
    rmSync(path.join(root, "src/client-tools.gen"));
    writeProjectFiles(root, { "client-tools/ping.json": spec("Ping, fixed.") });
    await client.next("reload after the fix", (message) => message.type === "full-reload");
    expect(generated(root, "specs.ts")).toContain("Ping, fixed.");
  });

  it("starts without the spec folder, shows that in the overlay, and generates once the folder is created", async () => {
    const root = app({});
    const { server } = await devServer(root);
    const client = await hmrClient(server);
    const { err } = await client.next("error overlay", (message) => message.type === "error");
    expect(err?.message).toContain("client-tools: no such file or folder");
    writeProjectFiles(root, { "client-tools/ping.json": spec("Ping, at last.") });
    await client.next("reload after the fix", (message) => message.type === "full-reload");
    expect(generated(root, "specs.ts")).toContain("Ping, at last.");
  });
});

describe("the Vite plugin in vite build", () => {
  const buildApp = (root: string) =>
    build({
      root,
      configFile: false,
      logLevel: "silent",
      plugins: [clientTools({ stubs: false })],
      build: { outDir: "dist" },
    });

  it("generates before bundling, from gen-client-tools.config.json", async () => {
    const root = app({
      "specs/ping.json": spec("Ping from the config's folder."),
      "gen-client-tools.config.json": { in: "specs" },
    });
    await buildApp(root);
    expect(generated(root, "specs.ts")).toContain('"description": "Ping from the config\'s folder."');
    const assets = path.join(root, "dist/assets");
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(assets, file), "utf8"))
      .join("\n");
    expect(bundle).toContain("Ping from the config's folder.");
  });

  it("fails with every spec problem, and writes nothing", async () => {
    const root = app({
      "client-tools/a.json": { name: "a b", description: "A." },
      "client-tools/b.json": { name: "b" },
    });
    const failure = await buildApp(root).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('client-tools/a.json:2:3 (at /name): tool name "a b" is invalid');
    expect(message).toContain("client-tools/b.json:1:1 (at /description)");
    expect(message).toContain("2 problems in the client-tool specs");
    expect(readdirSync(root).sort()).toEqual(["client-tools", "index.html", "node_modules", "src"]);
    expect(readdirSync(path.join(root, "src"))).toEqual(["main.ts"]);
  });
});
