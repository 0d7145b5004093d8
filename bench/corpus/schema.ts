import type { JsonObject, JsonValue } from "../../runtime/util/json.js";
import type { SeededRandom } from "./random.js";
import { noun, propertyName, sentence } from "./words.js";

export type Dialect = "2020-12" | "draft-07";

const FORMATS = ["email", "uri", "date-time", "date", "uuid", "hostname", "ipv4", "time"];

/** Reusable definitions a `$ref` may point at, built when first referenced. */
const DEFINITIONS: Readonly<Record<string, (random: SeededRandom, ref: (name: string) => JsonObject) => JsonObject>> = {
  address: (random) => ({
    type: "object",
    description: sentence(random, 8),
    properties: {
      street: { type: "string", maxLength: 200 },
      city: { type: "string" },
      postal_code: { type: "string", pattern: "^[0-9A-Z -]{3,10}$" },
      country: { type: "string", enum: ["FR", "DE", "US", "JP", "BR", "IN"] },
    },
    required: ["city", "country"],
    additionalProperties: false,
  }),
  range: (random) => ({
    type: "object",
    description: sentence(random, 6),
    properties: { start: { type: "string", format: "date-time" }, end: { type: "string", format: "date-time" } },
    required: ["start"],
  }),
  item: (random) => ({
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      label: { type: "string", description: sentence(random, 5) },
      quantity: { type: "integer", minimum: 1, default: 1 },
    },
    required: ["id"],
    additionalProperties: false,
  }),
  // Recursive, as outlines and file trees are.
  node: (random, ref) => ({
    type: "object",
    description: sentence(random, 7),
    properties: { title: { type: "string" }, children: { type: "array", items: ref("node") } },
    required: ["title"],
  }),
};

/** Builds one schema; `ref` records which definitions it used. */
class SchemaBuilder {
  readonly defs = new Map<string, JsonObject>();
  /** Compact JSON size of the definitions added so far. */
  defsBytes = 0;

  constructor(
    readonly random: SeededRandom,
    readonly dialect: Dialect,
  ) {}

  ref = (name: string): JsonObject => {
    if (!this.defs.has(name)) {
      this.defs.set(name, {}); // reserved first: a recursive definition refers to itself
      const definition = DEFINITIONS[name]!(this.random, this.ref);
      this.defs.set(name, definition);
      this.defsBytes += JSON.stringify(definition).length + name.length + 4;
    }
    return { $ref: `#/${this.dialect === "draft-07" ? "definitions" : "$defs"}/${name}` };
  };

  /** One property schema; deeper ones are simpler, as real schemas are. */
  property(depth: number): JsonObject {
    const { random } = this;
    const withDescription = (schema: JsonObject): JsonObject =>
      random.chance(0.6) ? { ...schema, description: sentence(random, random.int(4, 18)) } : schema;
    const kinds: (() => JsonObject)[] = [
      () => ({ type: "string", format: random.pick(FORMATS) }),
      () => ({
        type: "string",
        minLength: 1,
        maxLength: random.pick([64, 200, 1000]),
        ...(random.chance(0.3) && { pattern: "^[a-z0-9][a-z0-9_-]*$" }),
      }),
      () => ({
        type: "string",
        enum: random.sample(
          ["small", "medium", "large", "auto", "none", "left", "right", "top", "bottom", "center"],
          random.int(2, 7),
        ),
      }),
      () => ({
        type: "integer",
        minimum: 0,
        maximum: random.pick([10, 100, 1000, 65535]),
        ...(random.chance(0.3) && { default: 0 }),
      }),
      () => ({ type: "number", minimum: 0, exclusiveMaximum: 1 }),
      () => ({ type: "boolean", default: random.chance(0.5) }),
      () => ({ type: ["string", "null"] }),
      () => ({ type: "array", items: { type: "string" }, maxItems: random.pick([5, 20, 100]), uniqueItems: true }),
    ];
    if (depth < 3) {
      kinds.push(
        () => ({
          type: "array",
          items: this.object(depth + 1, random.int(2, 5)),
          ...(random.chance(0.3) && { minItems: 1 }),
        }),
        () => this.object(depth + 1, random.int(2, 6)),
        () => ({ oneOf: this.variants(depth + 1) }),
        () => this.ref(random.pick(Object.keys(DEFINITIONS))),
        () => ({ type: "array", items: this.ref(random.pick(["item", "address"])) }),
      );
    }
    const schema = random.pick(kinds)();
    return "$ref" in schema ? schema : withDescription(schema);
  }

  /** An object with `count` properties, some required, usually closed. */
  object(depth: number, count: number): JsonObject {
    const properties: Record<string, JsonValue> = {};
    const required: string[] = [];
    while (Object.keys(properties).length < count) {
      const name = propertyName(this.random);
      if (name in properties) continue;
      properties[name] = this.property(depth);
      if (this.random.chance(0.4)) required.push(name);
    }
    return {
      type: "object",
      properties,
      ...(required.length > 0 && { required }),
      ...(this.random.chance(0.7) && { additionalProperties: false }),
    };
  }

  /** oneOf branches told apart by a `type` constant, as tagged unions are written. */
  variants(depth: number): JsonObject[] {
    return Array.from({ length: this.random.int(2, 3) }, (_, i) => {
      const variant = this.object(depth, this.random.int(1, 3));
      const properties = variant["properties"] as JsonObject;
      return {
        ...variant,
        properties: { type: { const: `${noun(this.random)}_${i}` }, ...properties },
        required: ["type", ...((variant["required"] as string[] | undefined) ?? [])],
      };
    });
  }
}

/**
 * A tool's parameters schema of about `targetBytes` (compact JSON): top-level properties of
 * every kind are added until it is that big. `kindArgument` adds a root property named `kind`,
 * which the agent server renames on the wire.
 */
export function parametersSchema(
  random: SeededRandom,
  targetBytes: number,
  dialect: Dialect,
  kindArgument: boolean,
): JsonObject {
  const builder = new SchemaBuilder(random, dialect);
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const description = sentence(random, random.int(6, 20));
  let bytes = description.length + 80;
  if (kindArgument) {
    properties["kind"] = { type: "string", enum: ["user", "system"], description: "Who asked." };
    bytes += 70;
  }
  while (bytes + builder.defsBytes < targetBytes) {
    const name = propertyName(random);
    if (name in properties) continue;
    let property = builder.property(0);
    // A big nested property near the end would overshoot the size: end with a simple one.
    if (bytes + builder.defsBytes + JSON.stringify(property).length > targetBytes) property = builder.property(3);
    properties[name] = property;
    bytes += JSON.stringify(property).length + name.length + 4;
    if (random.chance(0.35)) required.push(name);
  }
  const defsKey = dialect === "draft-07" ? "definitions" : "$defs";
  return {
    ...(dialect === "draft-07" && { $schema: "http://json-schema.org/draft-07/schema#" }),
    type: "object",
    description,
    properties,
    ...(required.length > 0 && { required }),
    ...(random.chance(0.6) && { additionalProperties: false }),
    ...(builder.defs.size > 0 && {
      [defsKey]: Object.fromEntries([...builder.defs].sort(([a], [b]) => (a < b ? -1 : 1))),
    }),
  };
}
