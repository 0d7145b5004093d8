// The user's lines type-check against CopilotKit v2's own hook types with no cast: one tool with
// useFrontendTool, all of them with useFrontendTools, a human-in-the-loop tool with the app's render.
import { useFrontendTool, useFrontendTools, useHumanInTheLoop } from "@copilotkit/react-core/v2";
import {
  type ClientToolHandlers,
  clientToolSpecs,
  dispatchToolCall,
  type OpenFileViewerArgs,
} from "../../../examples/frameworks/src/client-tools.gen/index.js";
import { clientToolSchemas } from "../../../examples/frameworks/src/client-tools.gen/validators/standard-schemas.js";
import { toCopilotKitFrontendTools, toCopilotKitHumanInTheLoopTools } from "./index.js";

declare const handlers: ClientToolHandlers;
const tools = toCopilotKitFrontendTools(clientToolSpecs, clientToolSchemas, (name, args) =>
  dispatchToolCall(name, args, handlers),
);
const confirmations = toCopilotKitHumanInTheLoopTools(clientToolSpecs, clientToolSchemas);

export function useClientTools(): void {
  useFrontendTool(tools.open_file_viewer);
  useFrontendTools(Object.values(tools));
  useHumanInTheLoop({
    ...confirmations.open_file_viewer,
    render: ({ args }) => {
      const shown: Partial<OpenFileViewerArgs> = args;
      // @ts-expect-error the arguments are the generated OpenFileViewerArgs, which have no "colour"
      void args.colour;
      void shown;
      return null;
    },
  });
}
