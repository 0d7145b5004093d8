/** `n` and the noun, singular for one: "1 tool", "2 tools". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
