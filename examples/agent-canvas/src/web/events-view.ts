import type { CanvasEvent } from "../shared/events.js";

const list = (): HTMLElement => document.querySelector<HTMLElement>("#events")!;

/** One line per event: the conversation and the tool calls as they happen. */
export function renderEvent(event: CanvasEvent): void {
  const item = document.createElement("li");
  item.dataset["kind"] = event.kind;
  switch (event.kind) {
    case "MessageEvent":
      item.className = event.source;
      item.textContent = event.text;
      break;
    case "ActionEvent":
      item.className = "tool";
      item.dataset["tool"] = event.tool_name;
      item.textContent = `→ ${event.tool_name} ${event.tool_call?.arguments ?? ""}`;
      break;
    case "ObservationEvent":
      item.className = event.observation.is_error ? "tool error" : "tool";
      item.dataset["tool"] = event.tool_name;
      item.textContent = `← ${event.tool_name}: ${event.observation.content.map((block) => block.text).join(" ")}`;
      break;
    case "AgentErrorEvent":
      item.className = "error";
      item.textContent = `${event.tool_name}: ${event.error}`;
      break;
  }
  list().append(item);
  item.scrollIntoView({ block: "end" });
}

export function setStatus(text: string): void {
  document.querySelector<HTMLElement>("#status")!.textContent = text;
}
