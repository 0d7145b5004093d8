import { clientToolMode } from "../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonValue } from "../util/json.js";
import type { ClientToolTable, ToolNameOf } from "../wire/tool-table.js";
import type { ClientToolArgsValidators } from "./binding-types.js";
import { invalidArgumentsText, validationErrorsOf } from "./bindings.js";
import type { ClientToolCallStateOf, StreamingCallOf } from "./call-state.js";
import { createPartialJsonParser } from "./partial-json.js";
import { PartialJsonError, type PartialJsonParser } from "./partial-json-options.js";
import { streamingState, withoutUnlisted } from "./streaming-state.js";

/** A client tool as the page knows it: the generated `clientToolSpecs` fit. */
export interface StreamedToolSpec extends Partial<Pick<ClientToolSpec, "outputSchema" | "awaited" | "privateInput">> {
  readonly name: string;
  readonly parameters?: unknown;
}

export interface ClientToolCallStreamsOptions {
  /** The tools (the generated `clientToolSpecs`): a call of any other tool has no state. */
  readonly specs: readonly StreamedToolSpec[];
  /**
   * The generated `clientToolValidators`: complete arguments are checked before they are `input-available`, and an
   * `output-error` says why not.
   */
  readonly validators?: ClientToolArgsValidators;
  /** How many calls' arguments are read at once; past it the call heard of longest ago is let go. Default 256. */
  readonly maxCalls?: number;
  /**
   * How many characters one call's arguments may hold; default 1 MiB. Past it the arguments stop growing until they are
   * complete.
   */
  readonly maxChars?: number;
}

/** The state of a call whose arguments are streaming in. */
export type StreamingStateOf<T extends ClientToolTable<T>> = Extract<
  ClientToolCallStateOf<T>,
  { readonly status: "input-streaming" }
>;

/**
 * The arguments of the calls streaming in, one parser per `toolCallId`: each piece of text is read
 * once, and each state has a new value in which the parts read to their end keep their identity.
 */
export interface ClientToolCallStreams<T extends ClientToolTable<T>> {
  /**
   * The arguments' whole text so far (the AI SDK's `rawInput`): reads what is new since the last time. `undefined` for
   * a tool not in the specs.
   */
  read<N extends ToolNameOf<T>>(
    toolCallId: string,
    toolName: N,
    textSoFar: string,
  ): StreamingCallOf<N, T[N]["args"]> | undefined;
  read(toolCallId: string, toolName: string, textSoFar: string): StreamingStateOf<T> | undefined;
  /**
   * The next piece of the arguments' text (AG-UI's `TOOL_CALL_ARGS` delta). `undefined` for a tool not in the specs.
   */
  append<N extends ToolNameOf<T>>(
    toolCallId: string,
    toolName: N,
    delta: string,
  ): StreamingCallOf<N, T[N]["args"]> | undefined;
  append(toolCallId: string, toolName: string, delta: string): StreamingStateOf<T> | undefined;
  /**
   * The arguments' text is complete (AG-UI's `TOOL_CALL_END`): `input-available` with them, checked by the validators,
   * or `output-error` with why not.
   */
  finish(toolCallId: string): ClientToolCallStateOf<T> | undefined;
  /**
   * A later state of the call, its parser let go: a result is kept only for a tool that answers
   * (a fire-and-forget tool's output has none), arguments given as `input-available` are
   * checked by the validators, and a state given without arguments has the call's last ones.
   * `undefined` for a tool not in the specs.
   */
  settle<N extends ToolNameOf<T>>(
    toolCallId: string,
    toolName: N,
    state: SettledInput,
  ): ClientToolCallStateOf<T, N> | undefined;
  settle(toolCallId: string, toolName: string, state: SettledInput): ClientToolCallStateOf<T> | undefined;
  /** The tool a call heard of is of (AG-UI's `TOOL_CALL_ARGS` does not say). */
  toolNameOf(toolCallId: string): string | undefined;
  /** The call is no longer shown: all kept of it is let go. */
  end(toolCallId: string): void;
}

/**
 * What a source says of a call once its arguments are complete; without `args`, they are the call's last known ones.
 */
export type SettledInput =
  | { readonly status: "input-available" | "approval-requested"; readonly args: unknown }
  | { readonly status: "output-available"; readonly args?: unknown; readonly result?: unknown }
  | { readonly status: "output-error"; readonly args?: unknown; readonly error: string };

const DEFAULT_MAX_CALLS = 256;
/** A snapshot's copy of the open containers is paid for by this many members' worth per character read. */
const SNAPSHOT_SHARE = 16;
const DEFAULT_MAX_CHARS = 1024 * 1024;

interface CallStream {
  readonly toolName: string;
  /** Let go once the arguments are complete. */
  parser: PartialJsonParser | undefined;
  /** The complete arguments, once known. */
  args: unknown;
  /**
   * The last later state, and what it was made from: given the same again, the same state is returned (and the
   * arguments not checked again).
   */
  settled: { readonly input: SettledInput; readonly state: object } | undefined;
  /** The characters read since the state's snapshot. */
  unshown: number;
  /** The text `read` was last given (keeping a string does not copy it). */
  text: string;
  /** The text stopped being JSON, or grew past the bound: the state stays as it last was. */
  stopped: boolean;
  state: StreamingCallOf<string, unknown>;
}

export function createClientToolCallStreams<T extends ClientToolTable<T>>(
  options: ClientToolCallStreamsOptions,
): ClientToolCallStreams<T> {
  const maxCalls = options.maxCalls ?? DEFAULT_MAX_CALLS;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const parameters = new Map<string, unknown>(options.specs.map((spec) => [spec.name, spec.parameters]));
  const answering = new Set(
    options.specs.filter((spec) => clientToolMode(spec).mode !== "fire-and-forget").map((spec) => spec.name),
  );
  const calls = new Map<string, CallStream>();

  const streamOf = (toolCallId: string, toolName: string): CallStream | undefined => {
    const known = calls.get(toolCallId);
    if (known !== undefined && known.toolName === toolName) return known;
    if (!parameters.has(toolName)) return undefined;
    calls.delete(toolCallId);
    if (calls.size >= maxCalls) calls.delete(calls.keys().next().value!);
    const stream: CallStream = {
      toolName,
      parser: createPartialJsonParser({ maxChars }),
      unshown: 0,
      args: undefined,
      settled: undefined,
      text: "",
      stopped: false,
      state: streamingState(toolCallId, toolName, undefined, ""),
    };
    calls.set(toolCallId, stream);
    return stream;
  };

  const restart = (toolCallId: string, toolName: string): CallStream => {
    calls.delete(toolCallId);
    return streamOf(toolCallId, toolName)!;
  };

  const push = (stream: CallStream, toolCallId: string, delta: string): StreamingCallOf<string, unknown> => {
    if (stream.stopped || delta === "" || stream.parser === undefined) return stream.state;
    try {
      const parser = stream.parser;
      parser.push(delta);
      // A snapshot copies the containers still open: one is taken once the text read since the last pays a share of
      // that copy, so a long open array costs linear time in all, and a small value gets a new state per delta.
      stream.unshown += delta.length;
      if (stream.unshown * SNAPSHOT_SHARE < parser.openSize()) return stream.state;
      stream.unshown = 0;
      const value = parser.snapshot();
      const open = parser.openPointer();
      const shown =
        open === undefined ? value : withoutUnlisted(value, open, parameters.get(stream.toolName) as JsonValue);
      stream.state = streamingState(toolCallId, stream.toolName, shown, open);
    } catch (error) {
      if (!(error instanceof PartialJsonError)) throw error;
      stream.stopped = true;
    }
    return stream.state;
  };

  const settle = (toolCallId: string, toolName: string, input: SettledInput): object | undefined => {
    if (!parameters.has(toolName)) return undefined;
    const known = calls.get(toolCallId);
    const last = known?.toolName === toolName ? known.settled : undefined;
    if (last !== undefined && sameInput(last.input, input)) return last.state;
    const args = input.args !== undefined ? input.args : known?.toolName === toolName ? known.args : undefined;
    const call = { toolCallId, toolName };
    let state: object;
    if (input.status === "output-error") state = { status: "output-error", ...call, args, error: input.error };
    else if (input.status === "output-available")
      state = answering.has(toolName)
        ? { status: "output-available", ...call, args, result: input.result }
        : { status: "output-available", ...call, args };
    else {
      const validator = options.validators?.[toolName]?.args;
      if (validator !== undefined && !validator(args))
        state = {
          status: "output-error",
          ...call,
          args: undefined,
          error: invalidArgumentsText(toolName, validationErrorsOf(validator)),
        };
      else state = { status: input.status, ...call, args };
    }
    const kept = streamOf(toolCallId, toolName)!;
    kept.parser = undefined;
    kept.args = (state as { args?: unknown }).args;
    kept.settled = { input, state };
    return state;
  };

  // The states are built from the tools' specs at run time; the types say which tool each is of.
  const streams = {
    read(toolCallId: string, toolName: string, textSoFar: string) {
      let stream = streamOf(toolCallId, toolName);
      if (stream === undefined) return undefined;
      // A text that does not go on from the one read (a stream resumed from elsewhere), or one
      // after the call's arguments were complete (the call begun again), is read afresh.
      if (stream.parser === undefined || !textSoFar.startsWith(stream.text)) stream = restart(toolCallId, toolName);
      const delta = textSoFar.slice(stream.text.length);
      stream.text = textSoFar;
      return push(stream, toolCallId, delta);
    },
    append(toolCallId: string, toolName: string, delta: string) {
      const stream = streamOf(toolCallId, toolName);
      if (stream === undefined) return undefined;
      return push(stream.parser === undefined ? restart(toolCallId, toolName) : stream, toolCallId, delta);
    },
    finish(toolCallId: string) {
      const stream = calls.get(toolCallId);
      if (stream?.parser === undefined) return undefined;
      let args: unknown;
      try {
        args = stream.stopped ? undefined : stream.parser.end();
      } catch (error) {
        if (!(error instanceof PartialJsonError)) throw error;
      }
      if (args === undefined)
        return settle(toolCallId, stream.toolName, {
          status: "output-error",
          error: `The arguments for ${stream.toolName} are not JSON.`,
        });
      return settle(toolCallId, stream.toolName, { status: "input-available", args });
    },
    settle,
    toolNameOf(toolCallId: string) {
      return calls.get(toolCallId)?.toolName;
    },
    end(toolCallId: string) {
      calls.delete(toolCallId);
    },
  };
  return streams as ClientToolCallStreams<T>;
}

function sameInput(a: SettledInput, b: SettledInput): boolean {
  const field = (input: SettledInput, key: "result" | "error"): unknown =>
    (input as { readonly result?: unknown; readonly error?: unknown })[key];
  return (
    a.status === b.status &&
    a.args === b.args &&
    field(a, "result") === field(b, "result") &&
    field(a, "error") === field(b, "error")
  );
}
