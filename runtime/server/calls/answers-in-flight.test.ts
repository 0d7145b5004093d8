import { describe, expect, it } from "vitest";
import { ClientAnswersBusyError } from "../../wire/errors.js";
import { AnswersInFlight } from "./answers-in-flight.js";

describe("AnswersInFlight", () => {
  it("bounds the bytes of one owner's answers being taken at once, for that owner only, and frees them when each is done", () => {
    const budget = new AnswersInFlight(10);
    const first = budget.start("alice");
    first.add(6);
    const second = budget.start("alice");
    expect(() => second.add(5)).toThrow(ClientAnswersBusyError);
    budget.start("bob").add(10);
    first.done();
    first.done();
    second.add(10);
    expect(() => budget.start("alice").add(1)).toThrow(/more than 10 bytes being taken at once/);
    expect(() => new AnswersInFlight(0)).toThrow(TypeError);
  });
});
