import path from "node:path";

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** What a `$ref` names, for the generator: a place in its own document, another document on the network, or a file. */
export type RefTarget =
  | { readonly kind: "local" }
  | { readonly kind: "remote" }
  | { readonly kind: "malformed" }
  | { readonly kind: "file"; readonly file: string; readonly fragment: string };

/**
 * Where a `$ref` written in `fromFile` leads: a relative file reference resolved against that
 * file's folder, its file part and fragment percent-decoded (a `$ref` is a URI). Load reads the
 * files this finds; check resolves the same references against what load read.
 */
export function refTarget(ref: string, fromFile: string): RefTarget {
  if (ref.startsWith("#")) return { kind: "local" };
  if (SCHEME.test(ref)) return { kind: "remote" };
  const hash = ref.indexOf("#");
  try {
    const relative = decodeURIComponent(hash === -1 ? ref : ref.slice(0, hash));
    const fragment = hash === -1 ? "" : decodeURIComponent(ref.slice(hash + 1));
    return { kind: "file", file: path.resolve(path.dirname(fromFile), relative), fragment };
  } catch {
    return { kind: "malformed" };
  }
}
