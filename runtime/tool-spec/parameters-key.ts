/**
 * Which key of a spec as written holds its parameters: `parameters`, or MCP's `inputSchema`
 * when only that is there (a spec with both is refused, and its `parameters` counts).
 */
export function parametersKeyOf(spec: object): "parameters" | "inputSchema" {
  return Object.hasOwn(spec, "inputSchema") && !Object.hasOwn(spec, "parameters") ? "inputSchema" : "parameters";
}
