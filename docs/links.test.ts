import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every relative link of README.md, the pages in docs/ and the examples' READMEs leads to a file
// that exists, and every #anchor to a heading of the page it names.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const documents = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  ...readdirSync(path.join(root, "examples"))
    .filter((name) => existsSync(path.join(root, "examples", name, "README.md")))
    .map((name) => `examples/${name}/README.md`),
];

/** GitHub's anchor of a heading. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((match) => anchor(match[1]!)));
}

describe("the documentation's links", () => {
  it.each(documents)("of %s lead somewhere", (document) => {
    const file = path.join(root, document);
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target!)) continue;
      const [relative, hash] = target!.split("#");
      const linked = relative === "" ? file : path.resolve(path.dirname(file), relative!);
      if (!existsSync(linked)) broken.push(target!);
      else if (hash !== undefined && linked.endsWith(".md") && !anchorsOf(linked).has(hash)) broken.push(target!);
    }
    expect(broken).toEqual([]);
  });
});
