import { sha256HexPure } from "./sha256-pure.js";

/** Lowercase hex SHA-256 of a string's UTF-8 bytes, or of raw bytes. */
export type Sha256Hex = (data: string | Uint8Array) => string;

/** The slice of `node:crypto` used here, typed locally so no Node type or module is imported. */
interface NodeCrypto {
  /**
   * One-shot hashing (Node >= 20.12, so present wherever getBuiltinModule is); cheaper than createHash for small
   * inputs.
   */
  hash(algorithm: "sha256", data: string | Uint8Array, encoding: "hex"): string;
}

/** Where a host may expose Node's built-in modules: `process.getBuiltinModule` (Node >= 20.16). */
export interface Sha256Host {
  readonly process?: { readonly getBuiltinModule?: (id: string) => unknown } | undefined;
}

/**
 * Node's native sha256 when the host hands out `node:crypto` at run time, else undefined.
 * Asking `process.getBuiltinModule` instead of importing keeps this module free of `node:`
 * imports, so bundlers for the browser never see one.
 */
export function nativeSha256(host: Sha256Host): Sha256Hex | undefined {
  let crypto: NodeCrypto | undefined;
  try {
    crypto = host.process?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;
  } catch {
    // A Node built without crypto throws here; the pure implementation gives the same digests.
    return undefined;
  }
  if (typeof crypto?.hash !== "function") return undefined;
  const { hash } = crypto;
  return (data) => hash("sha256", data, "hex");
}

/** Synchronous sha256 (hex): Node's native one where available, the pure one in browsers. */
export const sha256Hex: Sha256Hex = nativeSha256(globalThis as Sha256Host) ?? sha256HexPure;
