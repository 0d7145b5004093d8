import { TOOL_NAME_PATTERN } from "../tool-spec/parse.js";
import { compatibleVersionsValid, SHA256_HEX } from "../tool-spec/spec-fields.js";

type Fields = Readonly<Record<string, unknown>>;

/**
 * True when the spec parser would find nothing wrong with a deferrable spec outside its schemas.
 * The parser, run over cut-down stand-ins of 1,000 generated specs, costs more than the whole
 * registration may in a process whose code is still cold; this gives its verdict on the specs
 * that pass, for a fraction of that (one pass, no calls per field: cold calls are what cost).
 * It may refuse more than the parser (`inputSchema`, a non-plain prototype): false only sends the
 * spec through the parser, which says what is wrong in its own words. It must never pass what
 * the parser refuses; if it did, the parser's run at first use would still refuse it.
 */
export function quickCheck(spec: Fields): boolean {
  if (!isPlainRecord(spec)) return false;
  for (const key of Object.keys(spec)) {
    const value = spec[key];
    switch (key) {
      case "name":
        if (typeof value !== "string" || !TOOL_NAME_PATTERN.test(value)) return false;
        break;
      case "description":
      case "permission":
        if (typeof value !== "string" || value.trim() === "") return false;
        break;
      case "parameters":
      case "outputSchema":
        break; // deferrable: a frozen object schema, whose inside waits for first use
      case "annotations":
        if (!annotationsValid(value)) return false;
        break;
      case "timeoutSeconds":
        if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return false;
        break;
      case "maxAttempts":
        if (typeof value !== "number" || !Number.isInteger(value) || value < 1) return false;
        break;
      case "awaited":
        // `false` beside an outputSchema is a contradiction: the parser says so.
        if (value !== true) return false;
        break;
      case "recovery":
        // "redispatch" depends on the annotations: the parser says when it does not fit them.
        if (value !== "wait" && value !== "settle") return false;
        break;
      case "privateInput":
        // Beside an outputSchema or `awaited`, the parser refuses it.
        if (!privateInputValid(value) || Object.hasOwn(spec, "outputSchema") || Object.hasOwn(spec, "awaited"))
          return false;
        break;
      case "fingerprints":
        if (!fingerprintsValid(value, Object.hasOwn(spec, "outputSchema"), Object.hasOwn(spec, "privateInput")))
          return false;
        break;
      default:
        return false; // an unknown key, or `inputSchema`
    }
  }
  return Object.hasOwn(spec, "name") && Object.hasOwn(spec, "description") && Object.hasOwn(spec, "fingerprints");
}

function annotationsValid(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  for (const hint of Object.keys(value)) {
    const expected = hint === "title" ? "string" : HINTS.has(hint) ? "boolean" : undefined;
    if (expected === undefined || typeof value[hint] !== expected) return false;
  }
  return true;
}

const HINTS: ReadonlySet<string> = new Set(["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]);

function fingerprintsValid(value: unknown, output: boolean, privateInput: boolean): boolean {
  if (!isPlainRecord(value)) return false;
  const compatible = Object.hasOwn(value, "compatible");
  if (Object.keys(value).length !== 1 + Number(output) + Number(privateInput) + Number(compatible)) return false;
  return (
    (!compatible || compatibleVersionsValid(value["compatible"])) &&
    sha256(value["parameters"]) &&
    (!output || sha256(value["outputSchema"])) &&
    (!privateInput || sha256(value["privateInput"]))
  );
}

function sha256(value: unknown): boolean {
  return typeof value === "string" && SHA256_HEX.test(value);
}

/**
 * `{ schema, response }`: an object schema (its inside waits for first use, as a tool's schemas do) and a JSON object.
 */
function privateInputValid(value: unknown): boolean {
  if (!isPlainRecord(value) || Object.keys(value).length !== 2) return false;
  const { schema, response } = value;
  return isPlainRecord(schema) && schema["type"] === "object" && isPlainRecord(response);
}

/**
 * An object the parser takes as JSON (not an array, not a class instance), whose prototype holds
 * no field the parser would find with `in`, so that its own keys are all there is to check.
 */
function isPlainRecord(value: unknown): value is Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
