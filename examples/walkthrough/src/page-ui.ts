// page-ui.ts
// The page's own UI, which the handlers reach through their context: the walkthrough's, kept apart from page.ts.
import type { ClientToolContext } from "./client-tool-handlers.js";

/** The page's services the handlers use: a file panel, and a city asked of the user. */
export const ui: ClientToolContext["ui"] = {
  showFile(path, line) {
    note(`showing ${path}${line === undefined ? "" : ` at line ${line}`}`);
  },
  askCity(signal) {
    const form = document.querySelector<HTMLFormElement>("#city")!;
    form.hidden = false;
    return new Promise((resolve, reject) => {
      // The call ended without this tab (another tab answered, or the server stopped waiting): the question goes.
      signal?.addEventListener(
        "abort",
        () => {
          form.hidden = true;
          note("the city was asked and answered elsewhere");
          reject(signal.reason);
        },
        { once: true },
      );
      form.onsubmit = (event) => {
        event.preventDefault();
        form.hidden = true;
        const city = new FormData(form).get("city");
        note(`answered ${String(city)}`);
        resolve(String(city));
      };
    });
  },
};

/** The server has a newer version of a tool than this page's code: the page asks to be reloaded. */
export function offerReload(toolName: string): void {
  note(`this page is out of date for ${toolName}: reload it`);
}

function note(text: string): void {
  const item = document.createElement("li");
  item.textContent = text;
  document.querySelector("#log")!.append(item);
}

document.querySelector<HTMLButtonElement>("#run")!.onclick = async () => {
  const response = await fetch("/run", { method: "POST" });
  document.querySelector("#model")!.textContent = JSON.stringify(await response.json());
};
