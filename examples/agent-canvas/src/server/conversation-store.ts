import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ClientToolSpec } from "@gen-client-tools/runtime";
import type { CanvasEvent } from "../shared/events.js";
import type { ModelMessage } from "./model.js";

/** A conversation as persisted: who owns it, its client tools (as specs), what happened, and what the model saw. */
export interface StoredConversation {
  readonly id: string;
  readonly owner: string;
  readonly clientTools: readonly ClientToolSpec[];
  readonly events: CanvasEvent[];
  readonly messages: ModelMessage[];
}

/**
 * Conversations in one JSON file under the data folder, rewritten atomically after each change
 * (write beside, then rename), so a restarted server finds every conversation and its tools.
 */
export class ConversationStore {
  private readonly file: string;
  private readonly conversations = new Map<string, StoredConversation>();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, "conversations.json");
    try {
      const saved = JSON.parse(readFileSync(this.file, "utf8")) as { conversations: StoredConversation[] };
      for (const conversation of saved.conversations) this.conversations.set(conversation.id, conversation);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  all(): readonly StoredConversation[] {
    return [...this.conversations.values()];
  }

  get(id: string): StoredConversation | undefined {
    return this.conversations.get(id);
  }

  put(conversation: StoredConversation): void {
    this.conversations.set(conversation.id, conversation);
    this.save();
  }

  save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ conversations: this.all() }, null, 2));
    renameSync(temporary, this.file);
  }
}
