import { banner } from "../output-format/banner.js";
import { fillTemplate, loadTemplate } from "./template.js";

/**
 * handlers.ts: the runtime's dispatch functions bound to this module's specs and `ClientTools`;
 * with `--validators`, to the generated argument validators too. Nothing in it depends on the
 * tools themselves: a tool added or removed leaves it as it is.
 */
export function emitHandlersFile(options: { readonly validators: boolean }): string {
  return (
    banner() +
    fillTemplate(loadTemplate("handlers"), {
      validators: options.validators ? 'import { clientToolValidators } from "./validators/index.js";\n' : "",
      validatorsOption: options.validators ? "  validators: clientToolValidators,\n" : "",
    })
  );
}
