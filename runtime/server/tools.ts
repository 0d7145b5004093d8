import { schemaFingerprint } from "../fingerprint/fingerprint.js";
import { markServerAuthored } from "../registry/server-authored.js";
import type { ClientToolLookup } from "../registry/types.js";
import { CONTENT_RESULT_SCHEMA } from "../tool-spec/content-result.js";
import { clientToolMode, unknownMode } from "../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { AwaitedSpec } from "./validation/result-validation.js";

/** The broker's `tools` option: a registry (or anything that looks tools up like one), or plain specs. */
export type ClientToolSource = ClientToolLookup | readonly ClientToolSpec[];

/** What the broker needs of a tool; a registered tool is one as it is. */
export interface KnownTool {
  readonly spec: ClientToolSpec;
  /** The keys the tool's compiled validators are cached under. */
  readonly fingerprints: { readonly parameters?: string | undefined; readonly outputSchema?: string | undefined };
}

/**
 * Looks tools up by name, in the call's conversation. A registry is asked on every call, so a re-registered tool's
 * newest timeout and annotations apply. A spec list is indexed once, and a tool's result
 * fingerprint computed on its first use; a spec's own precomputed fingerprint is not
 * trusted here, since only the registry checks it against the schema.
 */
export function toolFinder(source: ClientToolSource): (name: string, conversationId: string) => KnownTool | undefined {
  // A registry finds a call's tool among its conversation's own tools and those for every conversation.
  if (!isSpecList(source))
    return (name, conversationId) => (source.forConversation?.(conversationId) ?? source).get(name);
  const specs = new Map(source.map((spec) => [spec.name, spec]));
  const known = new Map<string, KnownTool>();
  return (name) => {
    let tool = known.get(name);
    if (tool !== undefined) return tool;
    const spec = specs.get(name);
    if (spec === undefined) return undefined;
    // A list the server hands the broker is the server's own: no client reaches it.
    markServerAuthored(spec);
    tool = {
      spec,
      fingerprints: {
        parameters: schemaFingerprint(spec.parameters),
        outputSchema: spec.outputSchema && schemaFingerprint(spec.outputSchema),
      },
    };
    known.set(name, tool);
    return tool;
  };
}

/** The tool name a metric carries for every tool a client registered in its conversation. */
export const CLIENT_TOOL_METRIC_NAME = "_client";

/**
 * The name a tool's metrics carry: the server's own tools (a spec list, or a registry's tools for
 * every conversation) by name, and each tool a client registered as one value, so that no client
 * can make metric series without bound, nor push the server's own into an SDK's overflow.
 */
export function metricToolName(source: ClientToolSource): (name: string) => string {
  const own = isSpecList(source)
    ? (
        (names: ReadonlySet<string>) => (name: string) =>
          names.has(name)
      )(new Set(source.map((spec) => spec.name)))
    : (name: string) => source.get(name) !== undefined;
  return (name) => (own(name) ? name : CLIENT_TOOL_METRIC_NAME);
}

export function isSpecList(source: ClientToolSource): source is readonly ClientToolSpec[] {
  return Array.isArray(source);
}

/** A tool the broker carries calls of: its spec has the schema its results are checked against as `outputSchema`. */
export type AwaitedTool = KnownTool & { readonly spec: AwaitedSpec };

/**
 * Each awaited-content and private-input tool as the broker sees it, with the schema its answers
 * are checked against (the content result's, the private input's) as `outputSchema`, made once per spec.
 */
const answerTools = new WeakMap<ClientToolSpec, AwaitedTool>();
let contentFingerprint: string | undefined;

/** The fingerprint of the schema an awaited-content tool's answers are checked against. */
export function contentResultFingerprint(): string {
  return (contentFingerprint ??= schemaFingerprint(CONTENT_RESULT_SCHEMA));
}

function withAnswerSchema(
  tool: KnownTool,
  outputSchema: AwaitedSpec["outputSchema"],
  fingerprint: () => string,
): AwaitedTool {
  let awaited = answerTools.get(tool.spec);
  if (awaited === undefined) {
    awaited = {
      spec: Object.freeze({ ...tool.spec, outputSchema }),
      fingerprints: { ...tool.fingerprints, outputSchema: fingerprint() },
    };
    answerTools.set(tool.spec, awaited);
  }
  return awaited;
}

/** The tool as the broker carries its calls, or undefined for a fire-and-forget tool. */
export function awaitedToolOf(tool: KnownTool): AwaitedTool | undefined {
  const kind = clientToolMode(tool.spec);
  switch (kind.mode) {
    case "fire-and-forget":
      return undefined;
    case "awaited":
      return tool as AwaitedTool;
    case "awaited-content":
      return withAnswerSchema(tool, kind.outputSchema, contentResultFingerprint);
    case "private-input":
      return withAnswerSchema(tool, kind.privateInput.schema, () => schemaFingerprint(kind.privateInput.schema));
    default:
      return unknownMode(kind);
  }
}
