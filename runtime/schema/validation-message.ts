// What a validator's error says, made specific enough for the model to correct its arguments.
/** At most this many of an enum's values are listed in a reason; the model needs the choices, not a catalogue. */
const LISTED_VALUES = 20;

/**
 * An ajv error's message as a reader can act on it: an extra property named (ajv says only
 * "must NOT have additional properties"), an enum's allowed values and a const's value listed.
 */
export function validationMessage(error: {
  readonly keyword: string;
  readonly message?: string | undefined;
  readonly params?: { readonly [key: string]: unknown } | undefined;
}): string {
  const message = error.message ?? `fails "${error.keyword}"`;
  const params = error.params ?? {};
  const extra = params["additionalProperty"];
  if (error.keyword === "additionalProperties" && typeof extra === "string")
    return `must NOT have additional property ${JSON.stringify(extra)}`;
  const allowed = params["allowedValues"];
  if (error.keyword === "enum" && Array.isArray(allowed)) {
    const listed = allowed.slice(0, LISTED_VALUES).map((value) => JSON.stringify(value));
    const more = allowed.length > LISTED_VALUES ? `, and ${allowed.length - LISTED_VALUES} more` : "";
    return `${message}: ${listed.join(", ")}${more}`;
  }
  if (error.keyword === "const" && "allowedValue" in params) return `must be ${JSON.stringify(params["allowedValue"])}`;
  return message;
}
