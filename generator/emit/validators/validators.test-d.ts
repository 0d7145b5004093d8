// Type tests, checked by `tsc -p tsconfig.json`: the declarations of the committed example output
// (examples/validators) fit the runtime, and each validator is a guard of its generated type.

import { type ClientToolValidators, type CompiledValidator, createClientToolRunner } from "@gen-client-tools/runtime";
import type { ClientToolSpec } from "@gen-client-tools/runtime/core";
import { ClientCallBroker } from "@gen-client-tools/runtime/server";
import { expectTypeOf } from "vitest";
import type {
  PickDateArgs,
  PickDateResult,
  ShareLinkArgs,
} from "../../../examples/validators/src/client-tools.gen/types.js";
import {
  type ClientToolValidator,
  clientToolValidators,
} from "../../../examples/validators/src/client-tools.gen/validators/index.js";
import {
  validatePickDateArgs,
  validatePickDateResult,
} from "../../../examples/validators/src/client-tools.gen/validators/pick_date.js";
import { validateShareLinkArgs } from "../../../examples/validators/src/client-tools.gen/validators/share_link.js";

expectTypeOf(validatePickDateArgs).guards.toEqualTypeOf<PickDateArgs>();
expectTypeOf(validatePickDateResult).guards.toEqualTypeOf<PickDateResult>();
expectTypeOf(validateShareLinkArgs).guards.toEqualTypeOf<ShareLinkArgs>();
expectTypeOf(validatePickDateArgs).toExtend<CompiledValidator>();
expectTypeOf(clientToolValidators).toExtend<ClientToolValidators>();
expectTypeOf(clientToolValidators.pick_date).toEqualTypeOf<{
  readonly args: ClientToolValidator<PickDateArgs>;
  readonly result: ClientToolValidator<PickDateResult>;
}>();
expectTypeOf(clientToolValidators.share_link).toEqualTypeOf<{ readonly args: ClientToolValidator<ShareLinkArgs> }>();

declare const specs: readonly ClientToolSpec[];
export const broker = new ClientCallBroker({ tools: specs, validators: clientToolValidators });
export const runner = createClientToolRunner({
  handlers: { pick_date: () => ({ date: "2026-01-01" }) },
  send: () => {},
  validators: clientToolValidators,
});

// A validator of one tool is not a validator of another's type.
// @ts-expect-error pick_date's result validator guards PickDateResult, not PickDateArgs
export const wrong: ClientToolValidator<PickDateArgs> = validatePickDateResult;
