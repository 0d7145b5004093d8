import { expect } from "vitest";
import { ClientToolInvalidSpecError } from "../errors.js";

/** Runs a registration that must be refused as invalid (422), and returns the refusal. */
export function invalidSpecRefusal(register: () => unknown): ClientToolInvalidSpecError {
  let error: unknown;
  try {
    register();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ClientToolInvalidSpecError);
  expect((error as ClientToolInvalidSpecError).status).toBe(422);
  return error as ClientToolInvalidSpecError;
}
