// A chat model that answers with the replies it was given, in turn, and binds tools as LangChain's
// OpenAI integration does (convertToOpenAITool).
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";

export class ScriptedChatModel extends BaseChatModel {
  readonly bound: unknown[] = [];
  readonly prompts: BaseMessage[][] = [];
  constructor(private readonly replies: AIMessage[]) {
    super({});
  }
  _llmType(): string {
    return "scripted";
  }
  override bindTools(tools: StructuredToolInterface[]): this {
    this.bound.splice(0, this.bound.length, ...tools.map((tool) => convertToOpenAITool(tool)));
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.prompts.push(messages);
    return { generations: [{ text: "", message: this.replies.shift() ?? new AIMessage("No more replies.") }] };
  }
}
