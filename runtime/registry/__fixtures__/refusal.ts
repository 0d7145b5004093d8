import { expect } from "vitest";
import { ClientToolInvalidSpecError } from "../errors.js";

/** Runs a registration that must be refused with an error of `type`, and returns the refusal. */
export function refusalOf<E extends Error>(type: abstract new (...args: never[]) => E, register: () => unknown): E {
  let error: unknown;
  try {
    register();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** Runs a registration that must be refused as invalid (422), and returns the refusal. */
export function invalidSpecRefusal(register: () => unknown): ClientToolInvalidSpecError {
  const error = refusalOf(ClientToolInvalidSpecError, register);
  expect(error.status).toBe(422);
  return error;
}
