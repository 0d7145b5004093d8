import type { ChatModel, ModelMessage, ModelToolCall, ModelTurn } from "./model.js";

/**
 * A deterministic stand-in for an LLM: it reads the user's last message and calls the matching
 * client tool, then answers in words once the tool's observation is back. The app and its tests
 * need no network and no API key.
 */
export class ScriptedModel implements ChatModel {
  private calls = 0;

  async next(messages: readonly ModelMessage[]): Promise<ModelTurn> {
    const last = messages.at(-1);
    if (last === undefined) return say("Hello! Ask me to open a file, find where you are, or change the layout.");
    if (last.role === "tool") return say(this.reply(last));
    if (last.role !== "user") return say("");
    const text = last.text.toLowerCase();
    const file = /\bopen\s+(\S+)/.exec(last.text)?.[1];
    if (file !== undefined) return this.call("open_file_viewer", { file_path: file.replace(/[.,!?]+$/, "") });
    if (/\bwhere\b/.test(text)) return this.call("get_location", {});
    const service = /\bconnect\s+(\w+)/.exec(text)?.[1];
    if (service !== undefined) return this.call("connect_account", { service });
    if (/\b(delete|remove|reset)\b/.test(text))
      return this.call("confirm_action", { question: `Do you really want to ${last.text.replace(/[.?!]+$/, "")}?` });
    const mode = /\b(single|split|grid)\b/.exec(text)?.[1];
    if (mode !== undefined) return this.call("set_layout", { mode, ...(/\bdark\b/.test(text) && { theme: "dark" }) });
    return say(
      'I can open a file ("open README.md"), tell where you are ("where am I?"), or change the layout ("split layout").',
    );
  }

  private call(name: string, args: object): ModelTurn {
    this.calls += 1;
    const call: ModelToolCall = {
      id: `call_${Date.now().toString(36)}_${this.calls}`,
      name,
      arguments: JSON.stringify(args),
    };
    return { text: "", toolCalls: [call] };
  }

  private reply(observation: Extract<ModelMessage, { role: "tool" }>): string {
    if (observation.isError) return `The ${observation.name} call did not work: ${observation.content}`;
    switch (observation.name) {
      case "open_file_viewer":
        return `I opened the file in the viewer panel (${observation.content})`;
      case "get_location": {
        const city = parseField(observation.content, "city");
        return city === undefined ? "I could not tell where you are." : `You are in ${city}.`;
      }
      case "connect_account":
        return parseField(observation.content, "status") === "connected"
          ? "Your account is connected."
          : `The account was not connected: ${observation.content}`;
      case "confirm_action":
        return parseField(observation.content, "confirmed") === true
          ? "Confirmed: going ahead."
          : "Cancelled: nothing was changed.";
      default:
        return `Done (${observation.content}).`;
    }
  }
}

function say(text: string): ModelTurn {
  return { text, toolCalls: [] };
}

function parseField(json: string, field: string): unknown {
  try {
    return (JSON.parse(json) as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}
