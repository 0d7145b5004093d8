/** What a private input's handler is told of the call it was collected for. */
export interface PrivateInputCall {
  readonly conversationId: string;
  /** Who submitted it: the identity the transport authenticated the client as. */
  readonly owner: string;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly requestId: string;
}

/**
 * Takes a private input, once: the value (checked against the tool's `privateInput.schema`), the
 * model's arguments, and the call. Resolves to nothing; a handler that throws or resolves to a
 * value ends the call as `private_input_failed`, and nothing it threw or returned is kept or shown.
 */
export type PrivateInputHandler = (privateInput: unknown, args: unknown, call: PrivateInputCall) => Promise<void>;

/**
 * The broker's `privateInputs` option: one handler per private-input tool (the generated `clientInputHandlers(...)`).
 */
export interface PrivateInputHandlers {
  readonly [toolName: string]: PrivateInputHandler | undefined;
}
