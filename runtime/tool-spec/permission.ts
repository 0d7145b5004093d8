import type { ClientToolSpec } from "./types.js";

/** Who a call runs for, and the permissions that identity holds (e.g. `"browser.open"`). */
export interface ClientToolPrincipal {
  readonly id: string;
  readonly permissions: readonly string[];
}

/** Why a principal may not use a tool. The broker turns it into a `denied` outcome; servers may throw it. */
export class ClientToolPermissionError extends Error {
  override readonly name = "ClientToolPermissionError";
  readonly toolName: string;
  /** The permission the tool requires; `undefined` when the spec has no `permission` tag. */
  readonly permission: string | undefined;
  readonly principalId: string;

  constructor(toolName: string, permission: string | undefined, principalId: string) {
    // The message reaches the model (as the denied outcome's reason): it names the tool and
    // the permission, never the principal or what else it may do.
    super(
      permission === undefined
        ? `The tool ${JSON.stringify(toolName)} has no permission tag, ` +
            `so it is unavailable to calls made on behalf of a user.`
        : `The user this call runs for does not have the permission ` +
            `${JSON.stringify(permission)} that the tool ${JSON.stringify(toolName)} requires.`,
    );
    this.toolName = toolName;
    this.permission = permission;
    this.principalId = principalId;
  }
}

/**
 * The one permission rule, shared by export (which tools the model sees) and the broker
 * (which calls reach the client): without a principal nothing is refused; under a principal
 * a tool needs a `permission` tag that the principal holds. An untagged tool is refused
 * there, so forgetting a tag fails closed. Returns the refusal, or `undefined` when permitted.
 */
export function checkClientToolPermission(
  spec: Pick<ClientToolSpec, "name" | "permission">,
  principal: ClientToolPrincipal | undefined,
): ClientToolPermissionError | undefined {
  if (principal === undefined) return undefined;
  if (spec.permission !== undefined && principal.permissions.includes(spec.permission)) return undefined;
  return new ClientToolPermissionError(spec.name, spec.permission, principal.id);
}
