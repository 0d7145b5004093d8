import type { SeededRandom } from "./random.js";

// The vocabulary tool names, property names and descriptions are drawn from: the kind of words
// real client tools (file viewers, forms, maps, calendars) use.
const VERBS = [
  "open",
  "show",
  "get",
  "set",
  "update",
  "create",
  "delete",
  "select",
  "confirm",
  "search",
  "list",
  "highlight",
  "scroll",
  "download",
  "upload",
  "preview",
  "share",
  "pin",
  "sort",
  "filter",
];
const NOUNS = [
  "file",
  "panel",
  "location",
  "theme",
  "invoice",
  "contact",
  "calendar",
  "event",
  "map",
  "layer",
  "chart",
  "table",
  "row",
  "comment",
  "thread",
  "image",
  "document",
  "selection",
  "tab",
  "notification",
  "form",
  "field",
  "order",
  "ticket",
  "message",
];
const PROPERTY_WORDS = [
  "path",
  "title",
  "label",
  "color",
  "count",
  "limit",
  "offset",
  "query",
  "mode",
  "format",
  "width",
  "height",
  "zoom",
  "start",
  "end",
  "owner",
  "status",
  "priority",
  "tags",
  "language",
  "region",
  "unit",
  "scale",
  "target",
  "source",
  "reason",
  "note",
  "url",
  "email",
  "timezone",
];
const SENTENCE_WORDS = [
  "the",
  "user",
  "panel",
  "value",
  "shown",
  "when",
  "selected",
  "client",
  "browser",
  "optional",
  "defaults",
  "to",
  "current",
  "view",
  "which",
  "is",
  "used",
  "for",
  "display",
  "items",
  "each",
  "entry",
  "must",
  "be",
  "unique",
  "within",
  "request",
  "otherwise",
  "server",
  "ignores",
  "it",
];

export function toolNameWords(random: SeededRandom): string {
  return `${random.pick(VERBS)}_${random.pick(NOUNS)}`;
}

export function propertyName(random: SeededRandom): string {
  return random.chance(0.5)
    ? random.pick(PROPERTY_WORDS)
    : `${random.pick(PROPERTY_WORDS)}_${random.pick(PROPERTY_WORDS)}`;
}

export function noun(random: SeededRandom): string {
  return random.pick(NOUNS);
}

/** A description of `words` words, capitalized, ending with a period. */
export function sentence(random: SeededRandom, words: number): string {
  const text = Array.from({ length: words }, () => random.pick(SENTENCE_WORDS)).join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
