import { metaSchemaProblems } from "../schema/meta-schema.js";
import { ClientToolRegistry as TableRegistry } from "./registry.js";
import type { ClientToolRegistryOptions } from "./registry-options.js";

/**
 * The registry as `@gen-client-tools/runtime/server` exports it: a spec a client
 * sends is also checked against its draft's meta-schema, with ajv (`"type": "numbr"`, a
 * pattern that is no regular expression), so that it is refused at registration with 422 and
 * its pointer rather than failing every answer later. The browser entry's registry, without
 * ajv, applies the runtime's own table-driven rules only.
 */
export class ClientToolRegistry extends TableRegistry {
  constructor(options: ClientToolRegistryOptions = {}) {
    super({ checkSchema: metaSchemaProblems, ...options });
  }
}
