import { type Aggregates, emptyAggregates, type Moments } from "@kunto/engine";
import { describe, expect, it } from "vitest";
import { advanceRelease, answersToFirstRelease, mergeReleased, releaseStep } from "./release";

const m = (count: number, sum: number): Moments => ({ count, sum, sumSquares: sum * sum });
const state = (respondents: number, questions: Record<string, Moments>, categories = {}): Aggregates => ({
  respondents,
  questions,
  categories,
});

describe("advanceRelease (issue 17.1)", () => {
  it("does not advance with fewer new respondents than a step", () => {
    const released = state(5, { q: m(5, 250) });
    expect(advanceRelease(released, state(9, { q: m(9, 450) }), 5)).toBeNull();
    expect(advanceRelease(emptyAggregates(), state(4, { q: m(4, 200) }), 5)).toBeNull();
  });

  it("advances every figure with a step of new answers of its own", () => {
    const released = state(5, { q: m(5, 250) }, { c: m(5, 250) });
    const live = state(10, { q: m(10, 540) }, { c: m(10, 540) });
    expect(advanceRelease(released, live, 5)).toEqual(live);
    expect(advanceRelease(emptyAggregates(), state(5, { q: m(5, 250) }), 5)).toEqual(
      state(5, { q: m(5, 250) }),
    );
  });

  it("keeps the released value of a figure that most new respondents skipped", () => {
    const released = state(5, { a: m(5, 250), b: m(5, 300) });
    // Five new respondents, all answered a, one answered b.
    const live = state(10, { a: m(10, 500), b: m(6, 390) });
    const next = advanceRelease(released, live, 5);
    expect(next?.respondents).toBe(10);
    expect(next?.questions.a).toEqual(m(10, 500));
    expect(next?.questions.b).toEqual(m(5, 300));
  });

  it("releases a figure first seen among the new answers only with a step of them, and keeps one no longer live", () => {
    const released = state(5, { a: m(5, 250), gone: m(5, 100) });
    const live = state(10, { a: m(10, 500), small: m(4, 40), big: m(5, 60) });
    const next = advanceRelease(released, live, 5);
    expect(Object.keys(next?.questions ?? {}).sort()).toEqual(["a", "big", "gone"]);
    expect(next?.questions.gone).toEqual(m(5, 100));
  });

  it("takes one new respondent at a time with a step of 1 (management), never zero", () => {
    expect(advanceRelease(state(1, { q: m(1, 10) }), state(2, { q: m(2, 30) }), 1)?.respondents).toBe(2);
    expect(advanceRelease(state(2, { q: m(2, 30) }), state(2, { q: m(2, 30) }), 0)).toBeNull();
  });

  it("steps by the threshold for personnel surveys and by one for management surveys", () => {
    expect(releaseStep("PERSONNEL", 7)).toBe(7);
    expect(releaseStep("MANAGEMENT", 7)).toBe(1);
  });
});

describe("mergeReleased (issue 17.1: a selection is the sum of its shares' released states)", () => {
  const share = (key: string, released: Aggregates, heldBack: number) => ({
    id: `id-${key}`,
    key,
    name: key,
    surveyId: "survey",
    released,
    heldBack,
  });

  it("adds up the shares' released aggregates and what each holds back, never their live ones", () => {
    const merged = mergeReleased([
      share("a", state(5, { q: m(5, 250) }, { c: m(5, 200) }), 3),
      share("b", state(7, { q: m(6, 420), r: m(7, 70) }), 4),
    ]);
    expect(merged.aggregates.respondents).toBe(12);
    expect(merged.aggregates.questions.q).toEqual({ count: 11, sum: 670, sumSquares: 250 * 250 + 420 * 420 });
    expect(merged.aggregates.questions.r).toEqual(m(7, 70));
    expect(merged.aggregates.categories.c).toEqual(m(5, 200));
    expect(merged.heldBack).toBe(7);
  });

  it("is empty for no shares", () => {
    expect(mergeReleased([])).toEqual({ aggregates: emptyAggregates(), heldBack: 0 });
  });
});

describe("answersToFirstRelease (issue 17.1)", () => {
  it("counts for the share closest to its step, at least one", () => {
    expect(answersToFirstRelease([{ heldBack: 3 }, { heldBack: 3 }], 5)).toBe(2);
    expect(answersToFirstRelease([{ heldBack: 1 }, { heldBack: 4 }], 5)).toBe(1);
    expect(answersToFirstRelease([{ heldBack: 0 }], 5)).toBe(5);
    expect(answersToFirstRelease([], 5)).toBe(5);
    expect(answersToFirstRelease([{ heldBack: 7 }], 5)).toBe(1);
  });
});
