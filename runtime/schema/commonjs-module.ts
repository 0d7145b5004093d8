/**
 * A CommonJS module's `module.exports` from what a default import of it gives: Node gives
 * `module.exports` itself, bundlers that honour `__esModule` give `exports.default`. ajv's code
 * reads `require(id).default`, which holds either way with this.
 */
export function commonjsModule(imported: unknown): { readonly default: unknown } {
  return typeof imported === "object" && imported !== null && Object.hasOwn(imported, "default")
    ? (imported as { default: unknown })
    : { default: imported };
}
