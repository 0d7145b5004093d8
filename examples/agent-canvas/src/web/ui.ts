import type { CanvasUi } from "../client-tool-handlers.js";

const $ = <T extends HTMLElement>(selector: string): T => document.querySelector<T>(selector)!;

/** The canvas's panels, as the client-tool handlers use them. */
export const canvasUi: CanvasUi = {
  async showFile(path) {
    const response = await fetch(`/api/files?path=${encodeURIComponent(path)}`);
    $("#file-title").textContent = path;
    $("#file-body").textContent = response.ok ? await response.text() : `Cannot show ${path}: ${response.status}`;
    $("#file-viewer").hidden = false;
    $("#empty").hidden = true;
  },

  currentPosition(signal) {
    return new Promise((resolve, reject) => {
      signal?.addEventListener("abort", () => reject(new Error("the call was cancelled")));
      navigator.geolocation.getCurrentPosition(
        (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
        (error) => reject(new Error(`the browser gave no location: ${error.message}`)),
      );
    });
  },

  confirm(question, signal) {
    $("#confirm-question").textContent = question;
    $("#confirm").hidden = false;
    return new Promise((resolve, reject) => {
      const answer = (value: boolean) => () => {
        $("#confirm").hidden = true;
        resolve(value);
      };
      $("#confirm-yes").onclick = answer(true);
      $("#confirm-no").onclick = answer(false);
      signal?.addEventListener("abort", () => {
        $("#confirm").hidden = true;
        reject(new Error("the call was cancelled"));
      });
    });
  },

  askSecret(label, signal) {
    const form = $<HTMLFormElement>("#secret");
    const input = $<HTMLInputElement>("#secret-value");
    $("#secret-label").textContent = label;
    form.hidden = false;
    input.focus();
    return new Promise((resolve, reject) => {
      // The field is emptied whatever happens: the value lives only in the promise it resolves.
      const close = () => {
        input.value = "";
        form.hidden = true;
        form.onsubmit = null;
        $("#secret-cancel").onclick = null;
      };
      form.onsubmit = (submit) => {
        submit.preventDefault();
        const value = input.value;
        close();
        resolve(value);
      };
      $("#secret-cancel").onclick = () => {
        close();
        resolve(undefined);
      };
      signal?.addEventListener("abort", () => {
        close();
        reject(new Error("the call was cancelled"));
      });
    });
  },

  setLayout(mode, sidebar, theme) {
    const body = document.body;
    body.classList.remove("layout-single", "layout-split", "layout-grid", "sidebar-right", "theme-dark");
    body.classList.add(`layout-${mode}`);
    if (sidebar?.side === "right") body.classList.add("sidebar-right");
    if (sidebar?.width !== undefined) $("#sidebar").style.width = `${sidebar.width}px`;
    if (theme === "dark") body.classList.add("theme-dark");
  },
};

$("#file-close").addEventListener("click", () => {
  $("#file-viewer").hidden = true;
});
