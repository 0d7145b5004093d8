/**
 * A file whose text is read only when something asks for it, with the digest of that text known without it: a
 * validator module that the cache holds and that the output folder has already (by its stamp, see KnownFiles). A rerun
 * of a thousand tools then neither decodes, checks nor compares fifty megabytes of modules it does not write.
 *
 * `contents` is a getter, read once. The digest stays with the getter: a copy of the file that keeps the getter
 * (withContentsOf) keeps the digest, and a copy that reads the text (a spread, a formatter) has a plain string and no
 * deferred digest, so a stage that changed the text never takes the digest of the one before.
 */
const digests = new WeakMap<() => string, string>();

export function deferredFile<T extends object>(
  fields: T,
  digest: string,
  read: () => string,
): T & { readonly contents: string } {
  let text: string | undefined;
  const contents = (): string => {
    text ??= read();
    return text;
  };
  digests.set(contents, digest);
  return Object.defineProperty({ ...fields }, "contents", { get: contents, enumerable: true }) as T & {
    readonly contents: string;
  };
}

/** The digest of the file's text when it is still deferred (read or not), else undefined. */
export function deferredDigestOf(file: { readonly contents: string }): string | undefined {
  const getter = Object.getOwnPropertyDescriptor(file, "contents")?.get;
  return getter === undefined ? undefined : digests.get(getter as () => string);
}

/** `fields` with `file`'s contents: deferred still where they are (a spread would read them). */
export function withContentsOf<T extends object>(
  file: { readonly contents: string },
  fields: T,
): T & { readonly contents: string } {
  const descriptor = Object.getOwnPropertyDescriptor(file, "contents");
  return descriptor?.get === undefined
    ? { ...fields, contents: file.contents }
    : (Object.defineProperty({ ...fields }, "contents", descriptor) as T & { readonly contents: string });
}
