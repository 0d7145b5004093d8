/**
 * Schemas the server's own code wrote: those of generated specs (frozen, with fingerprints,
 * which JSON from a client never is) once verified, and those of a spec list the server hands
 * the broker. They keep ECMA-262 patterns, as their developer wrote them; every other schema
 * came, or may have come, from a client, and is matched in linear time.
 */
const serverSchemas = new WeakSet<object>();

/** Records a spec's schemas as the server's own. */
export function markServerAuthored(spec: {
  readonly parameters: object;
  readonly outputSchema?: object | undefined;
  readonly privateInput?: { readonly schema: object } | undefined;
}): void {
  serverSchemas.add(spec.parameters);
  if (spec.outputSchema !== undefined) serverSchemas.add(spec.outputSchema);
  if (spec.privateInput !== undefined) serverSchemas.add(spec.privateInput.schema);
}

/** Whether the server's own code wrote this schema object (see above). */
export function isServerAuthored(schema: object): boolean {
  return serverSchemas.has(schema);
}
