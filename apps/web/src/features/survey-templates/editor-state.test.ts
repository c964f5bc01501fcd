import { describe, expect, it } from "vitest";
import {
  changeType,
  editorIssues,
  emptyTexts,
  fromServer,
  missingCategories,
  newQuestion,
  newTemplate,
  removeQuestion,
  toBody,
} from "./editor-state";

const named = (en: string) => ({ ...emptyTexts(), en });

describe("survey template editor (document 2 §4-§5)", () => {
  it("starts with welcome and autojump on and asks for the type and start text", () => {
    const model = newTemplate();
    expect(model).toMatchObject({ welcome: true, autojump: true, type: null });
    expect(editorIssues(model).map((i) => i.key)).toEqual(["type_error", "survey_template_start_required"]);
  });

  it("choosing GROUP clears the group, is refused inside a group, and SLIDER clears the slider", () => {
    const inGroup = { ...newQuestion("SLIDER", "TMP_g"), sliderMinText: named("low") };
    expect(changeType(inGroup, "GROUP")).toBe(inGroup);
    const free = { ...inGroup, group: null, category: "leadership" };
    expect(changeType(free, "GROUP")).toMatchObject({ type: "GROUP", group: null, category: null });
    const choice = { ...newQuestion("CHOICE_SINGLE"), sliderMin: 3 as const, sliderMinText: named("x") };
    const slider = changeType(choice, "SLIDER");
    expect(slider).toMatchObject({ type: "SLIDER", sliderMin: "", sliderMax: "", sliderStep: "" });
    expect(slider.sliderMinText.en).toBe("");
  });

  it("renumbers 10, 20, 30 with choices 10, 20 and reports each broken rule", () => {
    const group = { ...newQuestion("GROUP"), title: named("Group") };
    const slider = { ...newQuestion("SLIDER", group.key), title: named("S"), sliderStep: 3 };
    const choice = {
      ...newQuestion("CHOICE_SINGLE"),
      title: named("C"),
      choiceList: [
        { key: "TMP_a", name: named("a"), value: 1 },
        { key: "TMP_b", name: named("b"), value: 1 },
      ],
    };
    const model = {
      ...newTemplate(),
      type: "PERSONNEL" as const,
      start: named("Hi"),
      questions: [group, slider, choice],
    };
    const body = toBody(model);
    expect(body.questions?.map((q) => q.order)).toEqual([10, 20, 30]);
    expect(body.questions?.[2]?.choiceList?.map((c) => c.order)).toEqual([10, 20]);
    expect(editorIssues(model).map((i) => i.key)).toEqual([
      "survey_template_slider_invalid",
      "survey_template_choices_invalid",
    ]);
    const fixed = {
      ...model,
      questions: [
        group,
        { ...slider, sliderStep: 5 },
        { ...choice, choiceList: [choice.choiceList[0], { ...choice.choiceList[1], value: 2 }] },
      ],
    };
    expect(editorIssues(fixed as typeof model)).toEqual([]);
    expect(missingCategories(fixed as typeof model, ["leadership", "motivation"])).toEqual([
      "leadership",
      "motivation",
    ]);
    expect(removeQuestion(model.questions, 0)[0]?.group).toBeNull();
  });

  it("shows a language equal to English as empty so the fallback is visible", () => {
    const model = fromServer({
      type: "MANAGEMENT",
      welcome: false,
      autojump: true,
      start: { en: "Hi", fi: "Hei", ee: "Hi", ru: "Hi", pl: "Hi" },
      questions: [],
    });
    expect(model.start).toEqual({ en: "Hi", fi: "Hei", ee: "", ru: "", pl: "" });
  });
});
