import { describe, expect, it } from "vitest";
import { ClientAnswersBusyError } from "../../wire/errors.js";
import { AnswersInFlight } from "./answers-in-flight.js";

const limits = (bytes: number, answers = 100) => ({
  maxAnswerBytesInFlightPerOwner: bytes,
  maxAnswersInFlightPerOwner: answers,
});

describe("AnswersInFlight", () => {
  it("bounds the bytes of one owner's answers being taken at once, for that owner only, and frees them when each is done", () => {
    const budget = new AnswersInFlight(limits(10));
    const first = budget.start("alice");
    first.add(6);
    const second = budget.start("alice");
    expect(() => second.add(5)).toThrow(ClientAnswersBusyError);
    budget.start("bob").add(10);
    first.done();
    first.done();
    second.add(10);
    expect(() => budget.start("alice").add(1)).toThrow(/more than 10 bytes being taken at once/);
    expect(() => new AnswersInFlight(limits(0))).toThrow(TypeError);
  });

  it("bounds their count whatever their size: the answer past it is refused and counts nothing, and a done one frees its place", () => {
    const budget = new AnswersInFlight(limits(1_000_000, 2));
    const taken = [budget.start("alice"), budget.start("alice")];
    for (const answer of taken) answer.add(1);
    taken[0]!.add(1);
    const third = budget.start("alice");
    expect(() => third.add(1)).toThrow(/2 answers being taken at once \(the broker's maxAnswersInFlightPerOwner\)/);
    third.done();
    budget.start("bob").add(1);
    taken[1]!.done();
    third.add(1);
    expect(() => budget.start("alice").add(1)).toThrow(ClientAnswersBusyError);
    expect(() => new AnswersInFlight(limits(10, 0))).toThrow(/maxAnswersInFlightPerOwner must be a positive integer/);
  });
});
