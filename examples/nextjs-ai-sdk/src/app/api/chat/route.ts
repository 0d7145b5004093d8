import { clientToolErrorText, toAiSdkTools } from "@gen-client-tools/runtime/ai-sdk";
import { convertToModelMessages, streamText, type UIMessage } from "ai";
import { type ClientToolMap, clientToolSpecs } from "@/client-tools.gen";
import { clientToolValidators } from "@/client-tools.gen/validators";
import { scriptedModel } from "@/server/scripted-model";

/**
 * The client tools as the AI SDK's tools: the page runs them; the model's arguments are checked with the generated
 * validators.
 */
const clientTools = toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators: clientToolValidators });
export type ClientTools = typeof clientTools;

const model = scriptedModel();

export async function POST(request: Request): Promise<Response> {
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({ model, messages: await convertToModelMessages(messages), tools: clientTools });
  // The model's next turn reads why its arguments were refused, not "An error occurred.".
  return result.toUIMessageStreamResponse({ onError: clientToolErrorText });
}
