import { describe, expect, it } from "vitest";
import { ClientToolPrivateInputError, ClientToolSchemaConflictError } from "./errors.js";
import { ClientToolRegistry } from "./registry.js";
import { isServerAuthored } from "./server-authored.js";

const connect = {
  name: "connect_account",
  description: "Connect the requested service with credentials the user enters.",
  parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
  privateInput: {
    schema: { type: "object", properties: { token: { type: "string" } }, required: ["token"] },
    response: { status: "connected" },
  },
};

describe("a private-input tool in the registry", () => {
  it("is registered by the server, its private input part of its identity and fingerprints", () => {
    const registry = new ClientToolRegistry();
    const [tool] = registry.register(connect);
    expect(tool!.fingerprints).toEqual({
      parameters: expect.stringMatching(/^[0-9a-f]{64}$/),
      privateInput: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(tool!.identity).toBe(
      `connect_account:${tool!.fingerprints.parameters}:private:${tool!.fingerprints.privateInput}`,
    );
    // The same spec again is the same tool; another response or schema under the name is a conflict, at its pointer.
    expect(registry.register(connect)[0]).toBe(tool);
    const otherResponse = { ...connect, privateInput: { ...connect.privateInput, response: { status: "linked" } } };
    expect(() => registry.register(otherResponse)).toThrow(ClientToolSchemaConflictError);
    expect(() => registry.register(otherResponse)).toThrow(/\/privateInput\/response\/status/);
    const otherSchema = {
      ...connect,
      privateInput: {
        ...connect.privateInput,
        schema: { type: "object", properties: { password: { type: "string" } } },
      },
    };
    expect(() => registry.register(otherSchema)).toThrow(/\/privateInput\/schema/);
    // Taking the private input away is changing what the tool is, too.
    const { privateInput: _privateInput, ...plain } = connect;
    expect(() => registry.register({ ...plain, outputSchema: { type: "object" } })).toThrow(
      ClientToolSchemaConflictError,
    );
  });

  it("is refused in a conversation's registration (a client's), with 403, whether new or the server's own spec", () => {
    const registry = new ClientToolRegistry();
    registry.register(connect);
    const scope = registry.scope("c1", { owner: "alice" });
    for (const input of [{ client_tools: [connect] }, [{ ...connect, name: "steal_token" }]]) {
      let thrown: unknown;
      try {
        scope.register(input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ClientToolPrivateInputError);
      expect(thrown).toMatchObject({
        status: 403,
        message: expect.stringContaining("only the server's own registrations may have"),
      });
    }
    expect(
      (() => {
        try {
          scope.register({
            client_tools: [
              { name: "x", description: "X." },
              { ...connect, name: "steal_token" },
            ],
          });
        } catch (error) {
          return (error as ClientToolPrivateInputError).pointer;
        }
        return undefined;
      })(),
    ).toBe("/client_tools/1");
    // A client changing the server's private-input tool (the same name, no private input) is a conflict.
    const { privateInput: _privateInput, ...plain } = connect;
    expect(() => scope.register(plain)).toThrow(ClientToolSchemaConflictError);
    // The conversation still sees the server's tool.
    expect(registry.forConversation("c1").get("connect_account")?.spec.privateInput).toEqual(connect.privateInput);
  });

  it("survives a snapshot and restore as the server's own tool, and the snapshot holds its schema and response only", () => {
    const registry = new ClientToolRegistry();
    registry.register(connect);
    const snapshot = JSON.parse(JSON.stringify(registry.snapshot())) as { client_tools: unknown[] };
    expect(snapshot.client_tools).toEqual([
      { ...connect, fingerprints: registry.get("connect_account")!.fingerprints },
    ]);
    const restored = ClientToolRegistry.restore(snapshot);
    expect(restored.get("connect_account")!.identity).toBe(registry.get("connect_account")!.identity);
  });

  it("registers the generated spec as the server's own: deferred like the others, its private schema then keeps its patterns as written", async () => {
    const { clientToolSpecs } = await import("../../examples/basic/src/client-tools.gen/specs.js");
    const registry = new ClientToolRegistry();
    registry.register(clientToolSpecs);
    registry.verify();
    const tool = registry.get("connect_account")!;
    expect(tool.fingerprints.privateInput).toMatch(/^[0-9a-f]{64}$/);
    expect(isServerAuthored(tool.spec.privateInput!.schema)).toBe(true);
  });
});
