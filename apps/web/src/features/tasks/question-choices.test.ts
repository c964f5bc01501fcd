import { describe, expect, it } from "vitest";
import { type QuestionOption, questionChoices } from "./question-choices";

const options: QuestionOption[] = [
  { key: "p1", type: "PERSONNEL", title: "Colleagues help" },
  { key: "m1", type: "MANAGEMENT", title: "Goals are clear" },
  { key: "p1", type: "MANAGEMENT", title: "Same key in both" },
];
const typeLabel = (type: string) => type.toLowerCase();
const retired = (key: string) => `${key} (no longer in use)`;

describe("task question chooser (issue 19.17)", () => {
  it("groups the offered questions by survey type, each key once, titles as labels", () => {
    expect(questionChoices(options, "m1", typeLabel, retired)).toEqual([
      { group: "personnel", items: [{ value: "p1", label: "Colleagues help" }] },
      { group: "management", items: [{ value: "m1", label: "Goals are clear" }] },
    ]);
  });

  it("keeps a current question that is no longer offered, marked as such", () => {
    expect(questionChoices(options, "old", typeLabel, retired)[0]).toEqual({
      value: "old",
      label: "old (no longer in use)",
    });
    expect(questionChoices([], null, typeLabel, retired)).toEqual([]);
  });
});
