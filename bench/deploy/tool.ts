/** The deployment benchmark's one tool: the client answers with the number it was asked. */
export const DEPLOY_TOOL = {
  name: "echo",
  description: "Answer with the number asked.",
  parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false },
  outputSchema: {
    type: "object",
    properties: { n: { type: "integer" } },
    required: ["n"],
    additionalProperties: false,
  },
  timeoutSeconds: 60,
} as const;
