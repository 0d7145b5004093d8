// gen-client-tools/vite: `import clientTools from "gen-client-tools/vite"`, then
// `plugins: [clientTools()]` in vite.config.

export type { ClientToolsPluginOptions } from "./plugin.js";
export { clientTools as default, clientTools } from "./plugin.js";
