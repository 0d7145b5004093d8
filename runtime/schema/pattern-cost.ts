/**
 * About how many instructions RE2 compiles a pattern into: what compiling it costs (measured with
 * re2js: 0.3 to 1 µs an instruction). A counted repetition copies what it repeats (`x{1000}` is a
 * thousand copies of `x`, `x{1,1000}` a thousand optional ones, which cost twice as much), so a
 * pattern of a few characters can cost milliseconds; nested repetitions multiply. Read in one pass
 * over the text without compiling it: an estimate within a small factor, for a budget.
 */
export function patternCost(pattern: string): number {
  const reader = new CostReader(pattern);
  let cost = reader.alternation();
  // A parenthesis closed but never opened ends no alternation here: read on past it.
  while (!reader.done()) cost += reader.skip() + reader.alternation();
  return cost;
}

class CostReader {
  #at = 0;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  done(): boolean {
    return this.#at >= this.#text.length;
  }

  skip(): number {
    this.#at++;
    return 1;
  }

  /** Branches separated by `|`, up to the end or a closing parenthesis: each branch's cost, and one split each. */
  alternation(): number {
    let cost = this.#sequence();
    while (this.#text[this.#at] === "|") {
      this.#at++;
      cost += 1 + this.#sequence();
    }
    return cost;
  }

  #sequence(): number {
    let cost = 0;
    while (this.#at < this.#text.length && this.#text[this.#at] !== "|" && this.#text[this.#at] !== ")")
      cost += this.#repeated(this.#atom());
    return cost;
  }

  /** The atom's cost with the quantifier after it, if any. */
  #repeated(atom: number): number {
    const text = this.#text;
    const char = text[this.#at];
    let cost = atom;
    if (char === "*" || char === "+" || char === "?") {
      this.#at++;
      cost = atom + 1;
    } else if (char === "{") {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(text.slice(this.#at, this.#at + 16));
      if (counted === null) return atom;
      this.#at += counted[0].length;
      const least = Number(counted[1]);
      const most = counted[2] === undefined ? least : counted[3] === "" ? least + 1 : Number(counted[3]);
      // The copies it needs at least, and twice that for each optional one past them.
      cost = atom * Math.max(least, 1) + 2 * atom * Math.max(most - least, 0);
    } else return atom;
    if (text[this.#at] === "?") this.#at++;
    return cost;
  }

  #atom(): number {
    const text = this.#text;
    const char = text[this.#at]!;
    if (char === "(") {
      this.#at++;
      // A group's flags or name (`?:`, `?i:`, `?P<name>`) cost nothing.
      const head = /^\?(P?<[^>]*>|[a-zA-Z-]*:?)/.exec(text.slice(this.#at, this.#at + 64));
      if (head !== null) this.#at += head[0].length;
      const cost = this.alternation();
      if (text[this.#at] === ")") this.#at++;
      return cost + 1;
    }
    if (char === "[") {
      // A class is one instruction whatever it holds; skip to its closing bracket.
      this.#at++;
      if (text[this.#at] === "^") this.#at++;
      if (text[this.#at] === "]") this.#at++;
      while (this.#at < text.length && text[this.#at] !== "]") this.#at += text[this.#at] === "\\" ? 2 : 1;
      this.#at++;
      return 1;
    }
    if (char === "\\") {
      const escaped = /^\\(p\{[^}]*\}|P\{[^}]*\}|x\{[^}]*\}|.)/s.exec(text.slice(this.#at, this.#at + 64));
      this.#at += escaped === null ? 1 : escaped[0].length;
      return 1;
    }
    this.#at++;
    return 1;
  }
}
