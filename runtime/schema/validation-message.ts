// What a validator's error says, made specific enough for the model to correct its arguments.

/** At most this many of an enum's values are listed in a reason; the model needs the choices, not a catalogue. */
const LISTED_VALUES = 20;

/**
 * An ajv error's message as a reader can act on it: the extra property named (ajv says only
 * "must NOT have additional properties"), an enum's allowed values listed. Kept small: it is in
 * every page bundle that dispatches.
 */
export function validationMessage(error: {
  readonly keyword: string;
  readonly message?: string | undefined;
  readonly params?: { readonly [key: string]: unknown } | undefined;
}): string {
  const { additionalProperty, allowedValues } = error.params ?? {};
  const message = error.message ?? error.keyword;
  const named = typeof additionalProperty === "string" ? [additionalProperty] : allowedValues;
  if (!Array.isArray(named)) return message;
  const listed = named.slice(0, LISTED_VALUES).map((value) => JSON.stringify(value));
  return `${message}: ${listed.join(", ")}${named.length > LISTED_VALUES ? ", …" : ""}`;
}
