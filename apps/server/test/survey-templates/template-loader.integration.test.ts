import { randomUUID } from "node:crypto";
import { loadTemplate } from "@kunto/api";
import { LANGUAGES, SLIDER_DEFAULTS } from "@kunto/core";
import { loadTemplateQuestions, schema } from "@kunto/db";
import { afterAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeUser } from "../support/harness";

/**
 * Issue 16: one template loader in packages/db. The respondent path (`loadTemplate`), the template
 * editor's service and the demo data read a template's scale through it, so a slider stored
 * without bounds or step has the same scale everywhere (it was 0..100 on the respondent page and
 * 0..10 in the demo data).
 */
const db = connect();
afterAll(() => db.close());

/** A template with a bare slider (no min, max or step), a bounded slider and a choice question. */
async function templateWithBareSlider() {
  return asOwner(db.owner, async (tx) => {
    await tx
      .insert(schema.translations)
      .values(LANGUAGES.map((language) => ({ tid: "loader.text", language, text: "Text" })))
      .onConflictDoNothing();
    const key = `loader-${randomUUID()}`;
    const [template] = await tx
      .insert(schema.surveyTemplates)
      .values({ key, type: "PERSONNEL", startTid: "loader.text" })
      .returning();
    if (!template) throw new Error("template");
    const base = { templateId: template.id, titleTid: "loader.text", category: "organization" };
    const [choice] = await tx
      .insert(schema.surveyQuestions)
      .values([
        { ...base, key: "bare", type: "SLIDER", order: 10 },
        { ...base, key: "bounded", type: "SLIDER", order: 20, sliderMin: 1, sliderMax: 5, sliderStep: 2 },
        { ...base, key: "pick", type: "CHOICE_SINGLE", order: 30, choiceLimit: 1 },
      ])
      .returning()
      .then((rows) => rows.filter((r) => r.key === "pick"));
    if (!choice) throw new Error("question");
    await tx.insert(schema.questionChoices).values([
      { questionId: choice.id, key: "b", nameTid: "loader.text", value: 5, order: 20 },
      { questionId: choice.id, key: "a", nameTid: "loader.text", value: 1, order: 10 },
    ]);
    return template;
  });
}

describe("the one template loader (issue 16)", () => {
  it("gives a slider without bounds the default scale, and keeps stored bounds and choice order", async () => {
    const template = await templateWithBareSlider();
    const questions = await asOwner(db.owner, (tx) => loadTemplateQuestions(tx, template.id));
    expect(questions.map((q) => q.key)).toEqual(["bare", "bounded", "pick"]);
    expect(questions[0]?.slider).toMatchObject({ ...SLIDER_DEFAULTS });
    expect(questions[1]?.slider).toMatchObject({ min: 1, max: 5, step: 2 });
    expect(questions[2]?.slider).toBeNull();
    expect(questions[2]?.choices.map((c) => c.key)).toEqual(["a", "b"]);
  });

  it("the respondent path and the template editor read the same scale", async () => {
    const template = await templateWithBareSlider();
    const loaded = await loadTemplate(db.db, template.id);
    const bare = loaded.engineQuestions.find((q) => q.key === "bare");
    expect(bare).toMatchObject({ type: "SLIDER", min: 0, max: SLIDER_DEFAULTS.max, step: 1 });
    expect(loaded.rules.get("bare")).toEqual({ kind: "slider", min: 0, max: SLIDER_DEFAULTS.max, step: 1 });

    const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const { caller } = await callerFor(db.db, await actorFor(db.db, "admin", admin.id), null);
    const dto = await caller.surveyTemplate.get({ key: template.key });
    const edited = dto.questions.find((q) => q.key === "bare");
    expect([edited?.sliderMin, edited?.sliderMax, edited?.sliderStep]).toEqual([
      bare?.type === "SLIDER" ? bare.min : null,
      bare?.type === "SLIDER" ? bare.max : null,
      bare?.type === "SLIDER" ? bare.step : null,
    ]);
    expect(dto.questions.find((q) => q.key === "bounded")).toMatchObject({
      sliderMin: 1,
      sliderMax: 5,
      sliderStep: 2,
    });
  });
});
