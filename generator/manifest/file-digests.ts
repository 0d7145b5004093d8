import { deferredDigestOf } from "../deferred-contents.js";
import type { KnownDigest } from "../emit/output-plan.js";

/**
 * The digest the manifest took of each file of a result, by the file object `generate` returned, so that
 * `writeGenerated` can tell an unchanged file by its digest (see KnownFiles). Taken only while the object still holds
 * that text: a copy, or a file given other contents, has none. A deferred file (see deferredFile) carries its own.
 */
const digests = new WeakMap<object, KnownDigest>();

export function rememberDigest(file: { readonly contents: string }, digest: string): void {
  if (deferredDigestOf(file) === undefined) digests.set(file, { contents: file.contents, digest });
}

export function digestOf(file: { readonly contents: string }): string | undefined {
  const deferred = deferredDigestOf(file);
  if (deferred !== undefined) return deferred;
  const known = digests.get(file);
  return known !== undefined && known.contents === file.contents ? known.digest : undefined;
}
