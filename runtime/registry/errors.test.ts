import { describe, expect, it } from "vitest";
import { ClientToolSpecError } from "../tool-spec/errors.js";
import {
  ClientToolDuplicateNameError,
  ClientToolFingerprintMismatchError,
  ClientToolInvalidSpecError,
  ClientToolNameCollisionError,
  ClientToolRegistrationError,
  ClientToolSchemaConflictError,
} from "./errors.js";

const errors = [
  new ClientToolInvalidSpecError(new ClientToolSpecError([{ pointer: "/name", message: "bad" }])),
  new ClientToolDuplicateNameError("open", ["/0", "/2"]),
  new ClientToolNameCollisionError("bash"),
  new ClientToolSchemaConflictError("open", { pointer: "/parameters/type", left: "object", right: "array" }),
  new ClientToolFingerprintMismatchError("open", "/fingerprints/parameters", "a".repeat(64), "b".repeat(64)),
];

describe("registration errors", () => {
  it.each(errors.map((error) => [error.name, error]))(
    "%s is a 422 whose JSON body is { detail: message }",
    (name, error) => {
      expect(error).toBeInstanceOf(ClientToolRegistrationError);
      expect(error).toBeInstanceOf(Error);
      expect(error.status).toBe(422);
      expect(JSON.parse(JSON.stringify(error))).toEqual({ detail: error.message });
      expect(error.name).toBe(name);
      expect(error.name).toBe(error.constructor.name);
    },
  );

  it("a conflict names the tool, the pointer and both values, shortening long ones", () => {
    const long = { enum: Array.from({ length: 50 }, (_, i) => `value-${i}`) };
    const error = new ClientToolSchemaConflictError("open_file", {
      pointer: "/parameters/properties/p",
      left: long,
      right: undefined,
    });
    expect(error.message).toContain('"open_file"');
    expect(error.message).toContain("/parameters/properties/p");
    expect(error.message).toContain('{"enum":["value-0"');
    expect(error.message).toContain("…");
    expect(error.message).toContain("this one has nothing");
    expect(error.registeredValue).toBe(long);
    expect(error.newValue).toBeUndefined();
  });

  it("an invalid spec found on first use names the tool before the parser's message", () => {
    const cause = new ClientToolSpecError([{ pointer: "/3/parameters", message: "too deep" }]);
    const error = new ClientToolInvalidSpecError(cause, "deep_tool");
    expect(error.toolName).toBe("deep_tool");
    expect(error.message).toBe(`Client tool "deep_tool", checked on its first use: ${cause.message}`);
    expect(error.problems).toBe(cause.problems);
  });

  it("an invalid spec keeps the parser's problems and error", () => {
    const cause = new ClientToolSpecError([{ pointer: "/0/name", message: "bad name" }]);
    const error = new ClientToolInvalidSpecError(cause);
    expect(error.problems).toBe(cause.problems);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe(cause.message);
  });
});
