import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { AnyValidateFunction } from "ajv/dist/core.js";
import type { JsonObject, JsonSchema, JsonValue } from "../../util/json.js";
import { VALIDATION_OPTIONS, validationOptionsFor } from "../ajv-options.js";
import { type SchemaDialect, schemaDialect } from "../dialect.js";
import { childPointer, pointerTokens } from "../json-pointer.js";
import { withProtoProperties } from "../proto-properties.js";
import { type EnumLookup, enumLookup } from "./enum-lookup.js";
import { type Refusal, refusalOf } from "./refusal.js";

/** A subschema where it stands in its root: what `$ref`s inside it resolve against. */
export interface Located {
  readonly schema: JsonSchema;
  readonly pointer: string;
}

/**
 * One of the two schemas being compared: its dialect, its `$ref`s resolved in it, and its values
 * checked against it (the whole schema or a subschema by pointer) as the runtime's validators
 * check them.
 */
export interface SchemaSide {
  readonly root: JsonSchema;
  readonly dialect: SchemaDialect;
  /** The subschema a local `$ref` names, or undefined for one this cannot follow (another document, an anchor). */
  resolve(ref: string): Located | undefined;
  /**
   * Whether the value is valid under the subschema at this pointer (the whole schema at ""); undefined where ajv fails
   * to tell.
   */
  accepts(pointer: string, value: JsonValue): boolean | undefined;
  /** The keyword of the whole schema that refuses a value, or undefined where it accepts it. */
  refusal(value: JsonValue): Refusal | undefined;
  /** Lets go of what was compiled for this side (the ajv it used is shared). */
  release(): void;
}

// Loaded on first use, by require: most comparisons are proved without checking a value (a generator's rerun after one
// schema changed), and loading ajv costs ~35 ms.
const require = createRequire(import.meta.url);
/** One ajv per dialect and `ownProperties`: making one with every format costs more than compiling a tool's schema. */
const shared = new Map<string, Ajv | Ajv2020>();
let nextKey = 0;

function ajvFor(dialect: SchemaDialect, ownProperties: boolean): Ajv | Ajv2020 {
  const key = `${dialect} ${ownProperties}`;
  let ajv = shared.get(key);
  if (ajv === undefined) {
    const { fullFormats } = require("ajv-formats/dist/formats.js") as typeof import("ajv-formats/dist/formats.js");
    // ajv's own formats as an option (its plugin keeps every instance alive); no warnings quoting the schema.
    const options = {
      ...VALIDATION_OPTIONS,
      formats: fullFormats,
      logger: false as const,
      validateSchema: false,
      ownProperties,
    };
    if (dialect === "draft-07") {
      const { Ajv: Draft07 } = require("ajv") as typeof import("ajv");
      ajv = new Draft07(options);
    } else {
      const { Ajv2020: Draft2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
      ajv = new Draft2020(options);
    }
    shared.set(key, ajv);
  }
  return ajv;
}

export function schemaSide(root: JsonSchema): SchemaSide {
  const dialect = (typeof root === "object" ? schemaDialect(root) : undefined) ?? "2020-12";
  let ajv: Ajv | Ajv2020 | undefined;
  const key = `urn:gen-client-tools:compare:${nextKey++}`;
  const validators = new Map<string, AnyValidateFunction>();
  const lookups = new Map<string, EnumLookup | null>();
  const rulesCompiled: JsonObject[] = [];
  const sideAjv = (): Ajv | Ajv2020 => {
    if (ajv === undefined) {
      ajv = ajvFor(dialect, typeof root === "object" && validationOptionsFor(root).ownProperties);
      ajv.addSchema(typeof root === "object" ? { ...withProtoProperties(root), $id: key } : root, key);
    }
    return ajv;
  };
  const compileRules = (rules: JsonObject) => {
    rulesCompiled.push(rules);
    const validate = sideAjv().compile(rules);
    return (value: JsonValue) => validate(value) === true;
  };
  const validatorAt = (pointer: string): AnyValidateFunction => {
    let validate = validators.get(pointer);
    if (validate !== undefined) return validate;
    const ajv = sideAjv();
    const alone = pointer === "" ? undefined : standaloneAt(root, pointer);
    if (alone !== undefined) {
      rulesCompiled.push(alone);
      validate = ajv.compile(alone);
    } else {
      validate = ajv.getSchema(pointer === "" ? key : `${key}#${pointer.split("/").map(encodeURIComponent).join("/")}`);
    }
    if (validate === undefined) throw new Error(`no subschema at ${pointer}`);
    validators.set(pointer, validate);
    return validate;
  };
  return {
    root,
    dialect,
    resolve(ref) {
      if (!ref.startsWith("#")) return undefined;
      let pointer: string;
      try {
        pointer = decodeURIComponent(ref.slice(1));
      } catch {
        return undefined;
      }
      return resolveAt(root, pointer);
    },
    accepts(pointer, value) {
      let lookup = lookups.get(pointer);
      if (lookup === undefined) {
        const at = resolveAt(root, pointer);
        lookups.set(pointer, (lookup = at === undefined ? null : (enumLookup(at.schema, compileRules) ?? null)));
      }
      if (lookup !== null) return lookup(value);
      try {
        return validatorAt(pointer)(value) === true;
      } catch {
        return undefined;
      }
    },
    refusal(value) {
      const validate = validatorAt("");
      try {
        return validate(value) === true ? undefined : refusalOf(validate.errors ?? [], value);
      } catch {
        return undefined;
      }
    },
    release() {
      validators.clear();
      ajv?.removeSchema(key);
      for (const rules of rulesCompiled) ajv?.removeSchema(rules);
    },
  };
}

/**
 * The subschema at a pointer where it means the same on its own: it has no reference to resolve against its root and
 * nothing that changes how ajv reads it (see withProtoProperties). ajv reaches a subschema by pointer only by compiling
 * the whole root, which costs a large schema's tens of milliseconds for a check of one property's values.
 */
function standaloneAt(root: JsonSchema, pointer: string): JsonObject | undefined {
  const at = resolveAt(root, pointer)?.schema;
  if (typeof at !== "object") return undefined;
  const text = JSON.stringify(at);
  return ROOT_BOUND.some((keyword) => text.includes(keyword)) ? undefined : at;
}

/** What makes a subschema depend on its root, as its JSON text shows it (a string that holds one only costs speed). */
const ROOT_BOUND = ['"$ref"', '"$dynamicRef"', '"$recursiveRef"', '"$id"', '"$schema"', '"__proto__"'];

/** The subschema at a JSON pointer into the root, or undefined where there is none. */
function resolveAt(root: JsonSchema, pointer: string): Located | undefined {
  if (pointer !== "" && !pointer.startsWith("/")) return undefined;
  let current: JsonValue = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof current !== "object" || current === null) return undefined;
    const next: JsonValue | undefined = Array.isArray(current)
      ? current[Number(token)]
      : Object.hasOwn(current, token)
        ? (current as JsonObject)[token]
        : undefined;
    if (next === undefined) return undefined;
    current = next;
  }
  return typeof current === "boolean" || (typeof current === "object" && current !== null && !Array.isArray(current))
    ? { schema: current as JsonSchema, pointer }
    : undefined;
}

export { childPointer };
