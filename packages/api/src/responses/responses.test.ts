import { AppError } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { hashBrowserToken, type LoadedTemplate, validateAnswers } from "./responses";

/** validateAnswers reads only a template's rules: slider bounds and choice values by question. */
const template = (rules: LoadedTemplate["rules"]) => ({ rules }) as LoadedTemplate;

const rules: LoadedTemplate["rules"] = new Map([
  ["s1", { kind: "slider", min: 0, max: 10, step: 1 }] as const,
  ["s2", { kind: "slider", min: 1, max: 10, step: 3 }] as const,
  ["s3", { kind: "slider", min: 0, max: 1, step: 0.1 }] as const,
  [
    "c1",
    {
      kind: "choice",
      keys: new Map([
        [0, "never"],
        [50, "sometimes"],
        [100, "always"],
      ]),
    },
  ] as const,
]);

/** The AppError a submission is refused with: key and details. */
function refusal(answers: Record<string, number>) {
  try {
    validateAnswers(template(rules), answers);
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, details: error.details };
    throw error;
  }
  throw new Error("accepted");
}

describe("validateAnswers (issue 7: what a submission may contain)", () => {
  it("passes slider values on as numbers and choice values as the chosen choice's key", () => {
    expect(validateAnswers(template(rules), { s1: 7, c1: 50 })).toEqual({ s1: 7, c1: "sometimes" });
    expect(validateAnswers(template(rules), { c1: 0 })).toEqual({ c1: "never" });
  });

  it("takes a slider's bounds and every step from its minimum", () => {
    expect(validateAnswers(template(rules), { s1: 0, s2: 1 })).toEqual({ s1: 0, s2: 1 });
    expect(validateAnswers(template(rules), { s1: 10, s2: 10 })).toEqual({ s1: 10, s2: 10 });
    expect(validateAnswers(template(rules), { s2: 4 })).toEqual({ s2: 4 });
  });

  it("takes decimal steps despite floating point (0.3 is 2.9999… steps of 0.1)", () => {
    expect(validateAnswers(template(rules), { s3: 0.3 })).toEqual({ s3: 0.3 });
    expect(validateAnswers(template(rules), { s3: 0.7 })).toEqual({ s3: 0.7 });
  });

  it("refuses a slider value outside its range", () => {
    expect(refusal({ s1: -1 })).toEqual({
      key: "invalid_answer",
      details: { question: "s1", reason: "out_of_range" },
    });
    expect(refusal({ s1: 11 })).toEqual({
      key: "invalid_answer",
      details: { question: "s1", reason: "out_of_range" },
    });
    expect(refusal({ s2: 0 })).toEqual({
      key: "invalid_answer",
      details: { question: "s2", reason: "out_of_range" },
    });
    expect(refusal({ s1: Number.NaN })).toEqual({
      key: "invalid_answer",
      details: { question: "s1", reason: "out_of_range" },
    });
  });

  it("refuses a slider value off its steps, counted from the minimum", () => {
    expect(refusal({ s1: 2.5 })).toEqual({
      key: "invalid_answer",
      details: { question: "s1", reason: "out_of_range" },
    });
    // 5 is a whole number but not 1 + 3k.
    expect(refusal({ s2: 5 })).toEqual({
      key: "invalid_answer",
      details: { question: "s2", reason: "out_of_range" },
    });
    expect(refusal({ s3: 0.35 })).toEqual({
      key: "invalid_answer",
      details: { question: "s3", reason: "out_of_range" },
    });
  });

  it("refuses a value that is no choice's", () => {
    expect(refusal({ c1: 25 })).toEqual({
      key: "invalid_answer",
      details: { question: "c1", reason: "no_such_choice" },
    });
  });

  it("refuses an unknown question, naming the first offending one", () => {
    expect(refusal({ s1: 5, nope: 1 })).toEqual({
      key: "invalid_answer",
      details: { question: "nope", reason: "unknown_question" },
    });
    expect(refusal({ s1: 50, c1: 25 })).toEqual({
      key: "invalid_answer",
      details: { question: "s1", reason: "out_of_range" },
    });
  });

  it("takes a submission that leaves questions out, but not one that answers none", () => {
    expect(validateAnswers(template(rules), { s3: 1 })).toEqual({ s3: 1 });
    expect(refusal({})).toEqual({ key: "invalid_answer", details: { reason: "no_answers" } });
  });
});

describe("hashBrowserToken", () => {
  it("keeps only the SHA-256 of a browser token, in hex", () => {
    expect(hashBrowserToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
