/**
 * One escaping function per kind of generated text. Every piece of schema or
 * spec text that reaches generated code goes through exactly one of these.
 */

/**
 * Characters a reader cannot see or that change how the code around them looks:
 * U+2028/U+2029 (line breaks to editors and old parsers) and the bidirectional
 * controls of "Trojan Source" (they reorder what is shown, not what runs). Also
 * the "<" of `<!--`, `<script` and `</script` in any case: generated code can end
 * up inlined in an HTML page, where those end or derail a <script> element even
 * inside a string or a comment (the escape the HTML standard recommends).
 */
const UNSAFE_IN_STRING = /[\u2028\u2029\u202a-\u202e\u2066-\u2069]|<(?=!--|\/?script)/gi;

function unicodeEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A double-quoted TypeScript string literal with the value `s`. JSON.stringify
 * already escapes quotes, backslashes, control characters and lone surrogates;
 * `${` and backticks need nothing outside a template literal.
 */
export function tsString(s: string): string {
  return escapeJsonText(JSON.stringify(s));
}

/**
 * A `String.raw` template literal whose value is `json`, which must be JSON.stringify's output
 * (it may be spread over lines): that holds no raw control character but line feeds between
 * tokens, and no lone surrogate. Raw, JSON's own escapes stay as they are; the characters that
 * could end the literal or start a substitution (a backtick, `${`) occur only inside JSON
 * strings, and are written as JSON escapes there, as are the characters above.
 */
export function jsonTemplateLiteral(json: string): string {
  return `String.raw\`${json.replace(UNSAFE_IN_TEMPLATE, unicodeEscape)}\``;
}

/** The characters unsafe in strings, and those that end a template literal or start a substitution in it. */
const UNSAFE_IN_TEMPLATE = new RegExp(`${UNSAFE_IN_STRING.source}|\`|\\$(?=\\{)`, "gi");

/** JSON text (whose strings JSON.stringify has escaped otherwise) with the characters above escaped too. */
function escapeJsonText(jsonText: string): string {
  return jsonText.replace(UNSAFE_IN_STRING, unicodeEscape);
}

/**
 * C0 and C1 controls except tab and line feed, lone surrogates (a high one not
 * followed by a low one, a low one not preceded by a high one), and the
 * characters unsafe in strings above.
 */
const UNSAFE_IN_COMMENT =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|<(?=!--|\/?script)/gi;

/** Anything that docComment rewrites before it cuts the text into lines: all but tabs, line feeds and trailing spaces. */
const NEEDS_REWRITE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]|\*\/|<(?:!--|\/?script)/i;

/**
 * A JSDoc block for `text`, each line starting with `indent`, ending in a line
 * break; "" when the text is blank. The text stays readable: `*\/` cannot end
 * the comment early, invisible and control characters (and the "<" that HTML
 * would act on) become visible `\uXXXX`, and CRLF or CR line ends become LF.
 */
export function docComment(text: string, indent: string): string {
  // Most texts need nothing rewritten: a description, and the tags of the constraints a type cannot say.
  if (!NEEDS_REWRITE.test(text)) return commentBlock(text, indent);
  return commentBlock(
    text.replace(/\r\n?/g, "\n").replace(UNSAFE_IN_COMMENT, unicodeEscape).replaceAll("*/", "*\\/"),
    indent,
  );
}

/**
 * The block of `text`'s lines, their trailing spaces dropped, and the blank lines before the first and after the last
 * left out; one line is a one-line comment. Built as it reads, without an array of lines: thousands of comments a run.
 */
function commentBlock(text: string, indent: string): string {
  let first: string | undefined;
  let body = "";
  let blanks = 0;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end).trimEnd();
    start = end + 1;
    if (line === "") {
      blanks++;
      continue;
    }
    if (first === undefined) first = line;
    else {
      if (body === "") body = `${indent} * ${first}\n`;
      body += `${`${indent} *\n`.repeat(blanks)}${indent} * ${line}\n`;
    }
    blanks = 0;
  }
  if (first === undefined) return "";
  return body === "" ? `${indent}/** ${first} */\n` : `${indent}/**\n${body}${indent} */\n`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A property name for a type or object literal: bare when it is an ASCII
 * identifier, else a string literal. `__proto__` is written computed
 * (`["__proto__"]`) because in an object literal both the bare and the quoted
 * form set the prototype instead of creating a property.
 */
export function propertyKey(name: string): string {
  if (name === "__proto__") return `[${tsString(name)}]`;
  return IDENTIFIER.test(name) ? name : tsString(name);
}
