/** Keys people write by habit from other tool formats, and the key this format uses instead. */
const SYNONYMS: Readonly<Record<string, string>> = {
  inputschema: "parameters",
  params: "parameters",
  args: "parameters",
  arguments: "parameters",
  schema: "parameters",
  jsonschema: "parameters",
  outputschema: "outputSchema",
  resultschema: "outputSchema",
  result: "outputSchema",
  returns: "outputSchema",
  timeout: "timeoutSeconds",
  timeoutseconds: "timeoutSeconds",
  timeoutsecs: "timeoutSeconds",
  maxattempts: "maxAttempts",
  retries: "maxAttempts",
  onrestart: "recovery",
  recover: "recovery",
  recoverypolicy: "recovery",
  permissions: "permission",
  desc: "description",
  title: "annotations",
  toolname: "name",
};

const normalize = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, "");

/** The known key a mistyped key most likely meant, or undefined when nothing is close. */
export function suggestKey(unknown: string, known: readonly string[]): string | undefined {
  const normalized = normalize(unknown);
  const synonym = SYNONYMS[normalized];
  if (synonym !== undefined && known.includes(synonym)) return synonym;
  const prefix = known.find((candidate) => {
    const c = normalize(candidate);
    return Math.min(c.length, normalized.length) >= 3 && (c.startsWith(normalized) || normalized.startsWith(c));
  });
  if (prefix !== undefined) return prefix;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(normalized.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(normalized, normalize(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 8) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
