import type { ClientToolTable, ToolNameOf } from "../wire/tool-table.js";

/**
 * Arguments as far as they have streamed in: every property optional, at every depth, and every
 * value the type the schema gives it. An enum or a const keeps its literal type, never widened to
 * `string`: a value from a fixed list shows only once it has been read to its end.
 */
export type PartialArgsOf<A> = A extends string | number | boolean | null
  ? A
  : A extends readonly unknown[]
    ? number extends A["length"]
      ? readonly PartialArgsOf<A[number]>[]
      : { readonly [I in keyof A]?: PartialArgsOf<A[I]> }
    : A extends object
      ? { readonly [K in keyof A]?: PartialArgsOf<A[K]> }
      : A;

/** A JSON pointer into arguments of this type: `""` for the whole, or one that starts with a property's name. */
export type ArgPointerOf<A> =
  | ""
  | (A extends object ? `/${Extract<keyof A, string>}` | `/${Extract<keyof A, string>}/${string}` : never);

/** The states a client tool's call goes through, as a page draws them. */
export type ClientToolCallStatus =
  | "input-streaming"
  | "input-available"
  | "approval-requested"
  | "output-available"
  | "output-error";

interface CallOf<N extends string> {
  readonly toolCallId: string;
  /** The tool's name, as written in its spec. */
  readonly toolName: N;
}

/** The model is still writing the arguments: what has arrived, and which parts of it are final. */
export interface StreamingCallOf<N extends string, A> extends CallOf<N> {
  readonly status: "input-streaming";
  /** The arguments so far; `undefined` until the first part has arrived. */
  readonly args: PartialArgsOf<A> | undefined;
  /**
   * Whether the part at this JSON pointer (`"/city"`, `"/points/0"`, `""` for the whole) has been read to its end and
   * cannot change.
   */
  isFinal(pointer: ArgPointerOf<A>): boolean;
}

/** The arguments are complete and were checked against the tool's schema. */
export interface InputAvailableCallOf<N extends string, A> extends CallOf<N> {
  readonly status: "input-available";
  readonly args: A;
}

/** The call waits for someone to approve it before it goes to the client. */
export interface ApprovalRequestedCallOf<N extends string, A> extends CallOf<N> {
  readonly status: "approval-requested";
  readonly args: A;
}

/** The call was carried out: an awaited tool's result; a fire-and-forget tool has none. */
export type OutputAvailableCallOf<N extends string, A, R, Mode> = CallOf<N> & {
  readonly status: "output-available";
  readonly args: A;
} & (Mode extends "fire-and-forget" ? unknown : { readonly result: R });

/** The call failed, was refused or was denied: the reason, as text. */
export interface OutputErrorCallOf<N extends string, A> extends CallOf<N> {
  readonly status: "output-error";
  /** The arguments, when they were complete and valid. */
  readonly args: A | undefined;
  readonly error: string;
}

/**
 * Every state of a call of client tool `N`, discriminated on `status`: the arguments streaming in
 * (typed partial, with which parts are final), available (validated), waiting for approval, the
 * output (an awaited tool's result), or the error.
 */
export type ClientToolCallStateOf<T extends ClientToolTable<T>, N extends ToolNameOf<T> = ToolNameOf<T>> =
  N extends ToolNameOf<T>
    ?
        | StreamingCallOf<N, T[N]["args"]>
        | InputAvailableCallOf<N, T[N]["args"]>
        | ApprovalRequestedCallOf<N, T[N]["args"]>
        | OutputAvailableCallOf<N, T[N]["args"], T[N]["result"], T[N]["mode"]>
        | OutputErrorCallOf<N, T[N]["args"]>
    : never;
