import { InvalidToolInputError, NoSuchToolError } from "ai";
import { noSuchTool, refusedArguments, unreadableArguments } from "../model-texts.js";
import { ClientToolArgumentsError } from "./tools.js";

/** What the model reads for any other error: a server's failure is the server's log's, not the model's. */
const OTHER_ERROR = "An error occurred.";

// The SDK hands an invalid call on twice: as the error itself (the call's `tool-input-error`), and
// as its message (the `tool-output-error` after it, whose text is what the model reads next turn).
// These are that message's shapes: `Invalid input for tool <name>: <the validation's message>`,
// the validation's message ending in `Error message: <why>`; and the unknown tool's.
const INVALID_INPUT =
  /^Invalid input for tool ([^\s:]+): (Type validation failed|JSON parsing failed)[\s\S]*?\nError message: ([\s\S]*)$/;
const NO_SUCH_TOOL = /^Model tried to call unavailable tool '([^']*)'/;

/**
 * The text the model reads for an error in a turn: `toUIMessageStreamResponse({ onError:
 * clientToolErrorText })` (or `DirectChatTransport`'s `onError`). For arguments the generated
 * validators refused, why (`/severity must be equal to one of the allowed values: "low", "high"`), so that the
 * model can call the tool again with arguments that match; for arguments that are not JSON, and
 * for a tool that does not exist, that; for anything else the SDK's own default, which tells
 * nothing of the server.
 */
export function clientToolErrorText(error: unknown): string {
  if (InvalidToolInputError.isInstance(error)) {
    const refused = causeOf(error, ClientToolArgumentsError);
    if (refused !== undefined) return refusedArguments(error.toolName, refused.message);
    return unreadableArguments(error.toolName);
  }
  if (NoSuchToolError.isInstance(error)) return noSuchTool(error.toolName);
  if (typeof error === "string") {
    const invalid = INVALID_INPUT.exec(error);
    if (invalid !== null)
      return invalid[2] === "Type validation failed"
        ? refusedArguments(invalid[1]!, invalid[3]!)
        : unreadableArguments(invalid[1]!);
    const unknown = NO_SUCH_TOOL.exec(error);
    if (unknown !== null) return noSuchTool(unknown[1]!);
  }
  return OTHER_ERROR;
}

/** The first error of this class along the `cause` chain (a few links at most). */
function causeOf<E extends Error>(error: unknown, kind: new (...args: never[]) => E): E | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (current instanceof kind) return current;
    current = (current as { readonly cause?: unknown }).cause;
  }
  return undefined;
}
