import type { ImportExtension } from "../options/import-style.js";

// Emitters and templates name generated modules with `.js`. An import or export statement starts
// its line (or its closing `}` does), while a doc comment's lines start with " *" and a spec's
// JSON text holds every quote escaped: schema text never matches.
const RELATIVE_JS = /^((?:import|export|\})[^\n]*? from ")(\.\.?\/[^"\n]+)\.js(";?)$/gm;

/** `text` with each relative `.js` module specifier written in the project's style. */
export function styleImports(text: string, extension: ImportExtension): string {
  return extension === ".js"
    ? text
    : text.replace(
        RELATIVE_JS,
        (_match, before: string, specifier: string, after: string) => `${before}${specifier}${extension}${after}`,
      );
}
