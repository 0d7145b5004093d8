// Template of the generated specs.ts (see types.ts in this folder for how templates work).
// @gen:file
/** A JSON value as `JSON.parse` gives it, read-only: the form of every schema in `clientToolSpecs`. */
export type ClientToolJsonValue = null | boolean | number | string | readonly ClientToolJsonValue[] | ClientToolJsonObject;
/** A JSON object, read-only. */
export interface ClientToolJsonObject {
  readonly [key: string]: ClientToolJsonValue;
}

// @gen:begin specs
/** The client tools' specs as written, deep-frozen, each with its schema fingerprints. */
export const clientToolSpecs: readonly [
  {
    readonly name: "example";
    readonly description: string;
    readonly parameters: ClientToolJsonObject;
    readonly outputSchema: ClientToolJsonObject;
    readonly fingerprints: {
      readonly parameters: "0000000000000000000000000000000000000000000000000000000000000000";
      readonly outputSchema: "0000000000000000000000000000000000000000000000000000000000000000";
    };
  },
] = /*#__PURE__*/ deepFreeze([
  JSON.parse(String.raw`{
  "name": "example",
  "description": "Placeholder tool: replaced by the generator.",
  "parameters": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      }
    },
    "required": [
      "message"
    ]
  },
  "outputSchema": {
    "type": "object",
    "properties": {
      "ok": {
        "type": "boolean"
      }
    },
    "required": [
      "ok"
    ]
  },
  "fingerprints": {
    "parameters": "0000000000000000000000000000000000000000000000000000000000000000",
    "outputSchema": "0000000000000000000000000000000000000000000000000000000000000000"
  }
}`),
]);
// @gen:end specs

/** One generated spec, as `clientToolSpecs` holds it. */
export type ClientToolSpecOf = (typeof clientToolSpecs)[number];

/**
 * The body a frontend sends to create a conversation with these client tools: `{ client_tools: [...] }`.
 * Private-input tools are left out: only the server registers them (`registerClientTools`).
 */
export const clientToolsPayload = /*#__PURE__*/ deepFreeze({
  // `: boolean`, not an inferred type predicate: where every tool takes a private input, that would narrow the specs to `never`.
  client_tools: clientToolSpecs.filter((spec): boolean => !("privateInput" in spec)).map(({ fingerprints: _fingerprints, ...spec }) => spec),
});

/**
 * Registers these tools in a registry (the runtime's `ClientToolRegistry`, or anything with a
 * compatible `register`). The precomputed fingerprints let the registry skip re-hashing.
 */
export function registerClientTools<R>(registry: { register(specs: typeof clientToolSpecs): R }): R {
  return registry.register(clientToolSpecs);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
