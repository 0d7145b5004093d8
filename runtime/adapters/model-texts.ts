// What the model reads when a call of a client tool could not be carried out: each says what to do next,
// and none quotes the arguments (they are the model's own; the pointers and messages are the validators').

export function refusedArguments(toolName: string, reasons: string): string {
  return (
    `The arguments of ${JSON.stringify(toolName)} do not match ` +
    `its schema: ${reasons}. Call it again with arguments that do.`
  );
}

export function unreadableArguments(toolName: string): string {
  return (
    `The arguments of ${JSON.stringify(toolName)} are not JSON: ` +
    `call it again with a JSON object that matches its schema.`
  );
}

export function noSuchTool(toolName: string): string {
  return `There is no tool ${JSON.stringify(toolName)}.`;
}
