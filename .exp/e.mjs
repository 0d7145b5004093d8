import { CopilotKitCore } from "@copilotkit/core";
import { schemaToJsonSchema } from "@copilotkit/shared";
import { clientToolSchemas } from "../examples/frameworks/src/client-tools.gen/validators/standard-schemas.ts";
