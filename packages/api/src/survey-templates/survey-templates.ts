import { generatePublicKey } from "@kunto/auth";
import {
  AppError,
  LANGUAGES,
  renumberTemplate,
  type SurveyType,
  TEMP_KEY_PREFIX,
  type TSurveyTemplateInput,
  type TTemplateTexts,
  withFallback,
} from "@kunto/core";
import { type ChoiceRow, loadTemplateQuestions, type QuestionRow, schema, type Tx } from "@kunto/db";
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { EMPTY_TEXTS, type Texts, textsOf } from "../content-texts";

/**
 * Survey templates (document 2 §2-§5, §7), edited by platform admins. Decisions (docs/decisions.md,
 * "Survey templates"):
 * - Texts live in `translations` by tid. A tid is never rewritten: a changed text gets a new tid
 *   (`st.` + random), an unchanged one keeps its tid, so versions and clones share unchanged texts
 *   and a survey's texts never change under it. `st.` tids nobody references any more are removed.
 * - A template used by a survey is never changed: saving it creates a new row (new key, version + 1,
 *   same question keys) that takes over the old one's active flag; the surveys keep the old row.
 * - At most one template per type is active: activating one deactivates the others of its type.
 *   Deleting is refused for a template in use or the active one.
 */
export type TemplateRow = typeof schema.surveyTemplates.$inferSelect;

const TID_PREFIX = "st.";
const newTid = () => `${TID_PREFIX}${generatePublicKey()}`;

async function usage(tx: Tx, templateIds: string[]): Promise<Map<string, number>> {
  if (templateIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: schema.surveys.templateId, n: count() })
    .from(schema.surveys)
    .where(inArray(schema.surveys.templateId, templateIds))
    .groupBy(schema.surveys.templateId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Engine names a question of this type may link to: the leaves of the category tree for that type. */
export async function questionCategories(tx: Tx, type?: SurveyType) {
  const all = await tx.select().from(schema.categories).orderBy(schema.categories.order);
  const parents = new Set(all.map((c) => c.parentId).filter(Boolean));
  const names = await textsOf(
    tx,
    all.map((c) => c.nameTid),
  );
  return all
    .filter((c) => !parents.has(c.id) && (!type || c.types.includes(type)))
    .map((c) => ({
      engineName: c.engineName,
      parent: all.find((p) => p.id === c.parentId)?.engineName ?? null,
      types: c.types as SurveyType[],
      name: names.get(c.nameTid) ?? { ...EMPTY_TEXTS, en: c.engineName },
    }));
}

async function findRow(tx: Tx, key: string, lock = false): Promise<TemplateRow> {
  const query = tx.select().from(schema.surveyTemplates).where(eq(schema.surveyTemplates.key, key));
  // FOR UPDATE conflicts with the key-share lock a survey insert takes on its template (the foreign
  // key), so "in use" cannot change between the check and the write.
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found");
  return row;
}

export async function listTemplates(tx: Tx) {
  const rows = await tx
    .select()
    .from(schema.surveyTemplates)
    .orderBy(
      schema.surveyTemplates.type,
      desc(schema.surveyTemplates.version),
      desc(schema.surveyTemplates.createdAt),
    );
  const ids = rows.map((r) => r.id);
  const used = await usage(tx, ids);
  const counts =
    ids.length === 0
      ? []
      : await tx
          .select({ id: schema.surveyQuestions.templateId, n: count() })
          .from(schema.surveyQuestions)
          .where(
            and(inArray(schema.surveyQuestions.templateId, ids), ne(schema.surveyQuestions.type, "GROUP")),
          )
          .groupBy(schema.surveyQuestions.templateId);
  const starts = await textsOf(
    tx,
    rows.map((r) => r.startTid),
  );
  return rows.map((r) => ({
    key: r.key,
    type: r.type,
    version: r.version,
    active: r.active,
    welcome: r.welcome,
    autojump: r.autojump,
    startTid: r.startTid,
    start: starts.get(r.startTid) ?? EMPTY_TEXTS,
    questionCount: counts.find((c) => c.id === r.id)?.n ?? 0,
    inUse: used.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function getTemplate(tx: Tx, key: string) {
  return templateDto(tx, await findRow(tx, key));
}

async function templateDto(tx: Tx, row: TemplateRow) {
  const questions = await loadTemplateQuestions(tx, row.id);
  const choices = questions.flatMap((q) => q.choices);
  const texts = await textsOf(tx, [
    row.startTid,
    ...questions.flatMap((q) => [q.titleTid, q.contentTid, q.sliderMinTid, q.sliderMaxTid]),
    ...choices.map((c) => c.nameTid),
  ]);
  const read = (tid: string | null) => (tid ? (texts.get(tid) ?? EMPTY_TEXTS) : null);
  const used = (await usage(tx, [row.id])).get(row.id) ?? 0;
  const categories = await questionCategories(tx, row.type);
  const linked = new Set(questions.map((q) => q.category));
  return {
    key: row.key,
    type: row.type,
    version: row.version,
    active: row.active,
    welcome: row.welcome,
    autojump: row.autojump,
    startTid: row.startTid,
    start: read(row.startTid) ?? EMPTY_TEXTS,
    inUse: used,
    missingCategories: categories.map((c) => c.engineName).filter((name) => !linked.has(name)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    questions: questions.map((q) => ({
      key: q.key,
      type: q.type,
      order: q.order,
      group: q.groupKey,
      category: q.category,
      titleTid: q.titleTid,
      title: read(q.titleTid) ?? EMPTY_TEXTS,
      contentTid: q.contentTid,
      content: read(q.contentTid),
      sliderMin: q.slider?.min ?? null,
      sliderMax: q.slider?.max ?? null,
      sliderStep: q.slider?.step ?? null,
      sliderMinTid: q.sliderMinTid,
      sliderMinText: read(q.sliderMinTid),
      sliderMaxTid: q.sliderMaxTid,
      sliderMaxText: read(q.sliderMaxTid),
      choiceLimit: q.choiceLimit,
      choiceList: q.choices.map((c) => ({
        key: c.key,
        nameTid: c.nameTid,
        name: read(c.nameTid) ?? EMPTY_TEXTS,
        value: c.value,
        order: c.order,
      })),
    })),
  };
}
export type SurveyTemplateDto = Awaited<ReturnType<typeof templateDto>>;

type Body = TSurveyTemplateInput;

/** The tid for a text: the old one while the text is the same, otherwise a new one with its rows. */
async function tidFor(
  tx: Tx,
  texts: TTemplateTexts | null | undefined,
  oldTid: string | null | undefined,
  known: Map<string, Texts>,
): Promise<string | null> {
  if (!texts?.en.trim()) return null;
  const wanted = withFallback(texts);
  const old = oldTid ? known.get(oldTid) : undefined;
  if (oldTid && old && LANGUAGES.every((l) => old[l] === wanted[l])) return oldTid;
  const tid = newTid();
  await tx
    .insert(schema.translations)
    .values(LANGUAGES.map((language) => ({ tid, language, text: wanted[language] })));
  return tid;
}

/** Checks what only the database knows: category names of the tree for this type. */
async function checkCategories(tx: Tx, type: SurveyType, body: Body) {
  const allowed = new Set((await questionCategories(tx, type)).map((c) => c.engineName));
  (body.questions ?? []).forEach((q, i) => {
    if (!q.category) return;
    if (q.type === "GROUP" || !allowed.has(q.category))
      throw new AppError("survey_template_category_invalid", { question: i, category: q.category });
  });
}

/**
 * Writes the body's questions under `templateId`. Questions keep their keys (a TMP_ or missing key
 * gets a new one); texts keep their tids when unchanged from `previous` (the template's questions
 * before the save), which also supplies the report wording (SWOT tids) of questions it knew.
 */
async function writeQuestions(
  tx: Tx,
  templateId: string,
  body: Body,
  previous: { questions: QuestionRow[]; choices: ChoiceRow[] },
) {
  const prev = new Map(previous.questions.map((q) => [q.key, q]));
  const known = await textsOf(tx, [
    ...previous.questions.flatMap((q) => [q.titleTid, q.contentTid, q.sliderMinTid, q.sliderMaxTid]),
    ...previous.choices.map((c) => c.nameTid),
  ]);
  const questions = renumberTemplate(body.questions ?? []);
  /** Each question's saved key, by position; `keys` maps the body's (TMP_) keys to them for groups. */
  const saved = questions.map((q) =>
    q.key && !q.key.startsWith(TEMP_KEY_PREFIX) ? q.key : `q-${generatePublicKey().slice(0, 12)}`,
  );
  const keys = new Map<string, string>();
  questions.forEach((q, i) => {
    if (q.key) keys.set(q.key, saved[i] ?? q.key);
  });
  for (const [i, q] of questions.entries()) {
    const key = saved[i] ?? `q-${generatePublicKey().slice(0, 12)}`;
    const old = prev.get(key);
    const slider = q.type === "SLIDER";
    const [row] = await tx
      .insert(schema.surveyQuestions)
      .values({
        templateId,
        key,
        type: q.type,
        order: q.order,
        // A group sits at the top level (document 2 §4: choosing GROUP clears the group).
        groupKey: q.type === "GROUP" || !q.group ? null : (keys.get(q.group) ?? q.group),
        category: q.type === "GROUP" ? null : (q.category ?? null),
        titleTid: (await tidFor(tx, q.title, old?.titleTid, known)) ?? "",
        contentTid: await tidFor(tx, q.content, old?.contentTid, known),
        sliderMin: slider ? (q.sliderMin ?? null) : null,
        sliderMax: slider ? (q.sliderMax ?? null) : null,
        sliderStep: slider ? (q.sliderStep ?? null) : null,
        sliderMinTid: slider ? await tidFor(tx, q.sliderMinText, old?.sliderMinTid, known) : null,
        sliderMaxTid: slider ? await tidFor(tx, q.sliderMaxText, old?.sliderMaxTid, known) : null,
        choiceLimit: q.type === "CHOICE_SINGLE" ? 1 : null,
        strengthTid: old && old.type !== "GROUP" && q.type !== "GROUP" ? old.strengthTid : null,
        weaknessTid: old && old.type !== "GROUP" && q.type !== "GROUP" ? old.weaknessTid : null,
        opportunityTid: old && old.type !== "GROUP" && q.type !== "GROUP" ? old.opportunityTid : null,
      })
      .returning({ id: schema.surveyQuestions.id });
    if (!row || q.type !== "CHOICE_SINGLE") continue;
    const oldChoices = new Map(
      previous.choices.filter((c) => old && c.questionId === old.id).map((c) => [c.key, c]),
    );
    const used = new Set<string>();
    for (const c of q.choiceList) {
      let choiceKey =
        c.key && !c.key.startsWith(TEMP_KEY_PREFIX) ? c.key : `c-${generatePublicKey().slice(0, 12)}`;
      if (used.has(choiceKey)) choiceKey = `c-${generatePublicKey().slice(0, 12)}`;
      used.add(choiceKey);
      await tx.insert(schema.questionChoices).values({
        questionId: row.id,
        key: choiceKey,
        nameTid: (await tidFor(tx, c.name, oldChoices.get(choiceKey)?.nameTid, known)) ?? "",
        value: c.value,
        order: c.order,
      });
    }
  }
}

async function contentOf(tx: Tx, templateId: string) {
  const questions = await loadTemplateQuestions(tx, templateId);
  return { questions, choices: questions.flatMap((q) => q.choices) };
}

/** Removes the `st.` texts among `tids` that no template, question or choice refers to any more. */
async function dropOrphanTexts(tx: Tx, tids: Array<string | null>) {
  const candidates = [...new Set(tids.filter((t): t is string => !!t?.startsWith(TID_PREFIX)))];
  if (candidates.length === 0) return;
  await tx.execute(sql`
    delete from translations t
    where t.tid = any(${sql.param(candidates)}::text[])
      and not exists (select 1 from survey_templates s where s.start_tid = t.tid)
      and not exists (select 1 from survey_questions q where t.tid in
        (q.title_tid, q.content_tid, q.slider_min_tid, q.slider_max_tid, q.strength_tid, q.weakness_tid, q.opportunity_tid))
      and not exists (select 1 from question_choices c where c.name_tid = t.tid)`);
}

const tidsOf = (content: { questions: QuestionRow[]; choices: ChoiceRow[] }, startTid: string) => [
  startTid,
  ...content.questions.flatMap((q) => [q.titleTid, q.contentTid, q.sliderMinTid, q.sliderMaxTid]),
  ...content.choices.map((c) => c.nameTid),
];

export async function createTemplate(tx: Tx, body: Body) {
  await checkCategories(tx, body.type, body);
  const startTid = (await tidFor(tx, body.start, null, new Map())) ?? "";
  const [row] = await tx
    .insert(schema.surveyTemplates)
    .values({
      key: generatePublicKey(),
      type: body.type,
      version: 1,
      startTid,
      welcome: body.welcome ?? true,
      autojump: body.autojump ?? true,
      active: false,
    })
    .returning();
  if (!row) throw new AppError("error_saving_surveytemplate");
  await writeQuestions(tx, row.id, body, { questions: [], choices: [] });
  return templateDto(tx, row);
}

/**
 * Saves `body` over the template `key`. Not in use: in place (same key). In use by any survey: a new
 * version beside it (new key, version + 1, its active flag moved over), and the surveys keep the old.
 */
export async function updateTemplate(tx: Tx, key: string, body: Body) {
  const row = await findRow(tx, key, true);
  if (body.type !== row.type) throw new AppError("survey_template_type_fixed");
  await checkCategories(tx, row.type, body);
  const previous = await contentOf(tx, row.id);
  const known = await textsOf(tx, [row.startTid]);
  const startTid = (await tidFor(tx, body.start, row.startTid, known)) ?? "";
  const inUse = ((await usage(tx, [row.id])).get(row.id) ?? 0) > 0;
  if (inUse) {
    const [next] = await tx
      .insert(schema.surveyTemplates)
      .values({
        key: generatePublicKey(),
        type: row.type,
        version: row.version + 1,
        startTid,
        welcome: body.welcome ?? true,
        autojump: body.autojump ?? true,
        active: row.active,
      })
      .returning();
    if (!next) throw new AppError("error_saving_surveytemplate");
    if (row.active)
      await tx
        .update(schema.surveyTemplates)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(schema.surveyTemplates.id, row.id));
    await writeQuestions(tx, next.id, body, previous);
    return templateDto(tx, next);
  }
  const [updated] = await tx
    .update(schema.surveyTemplates)
    .set({ startTid, welcome: body.welcome ?? true, autojump: body.autojump ?? true, updatedAt: new Date() })
    .where(eq(schema.surveyTemplates.id, row.id))
    .returning();
  await tx.delete(schema.surveyQuestions).where(eq(schema.surveyQuestions.templateId, row.id));
  await writeQuestions(tx, row.id, body, previous);
  await dropOrphanTexts(tx, tidsOf(previous, row.startTid));
  return templateDto(tx, updated ?? row);
}

/** A copy with a new key: version 1, not active, sharing every text with the original. */
export async function cloneTemplate(tx: Tx, key: string) {
  const row = await findRow(tx, key);
  const previous = await contentOf(tx, row.id);
  const [copy] = await tx
    .insert(schema.surveyTemplates)
    .values({
      key: generatePublicKey(),
      type: row.type,
      version: 1,
      startTid: row.startTid,
      welcome: row.welcome,
      autojump: row.autojump,
      active: false,
    })
    .returning();
  if (!copy) throw new AppError("error_cloning_surveytemplate");
  for (const q of [...previous.questions].sort((a, b) => a.order - b.order)) {
    const { id: _id, templateId: _t, ...rest } = q;
    const [inserted] = await tx
      .insert(schema.surveyQuestions)
      .values({ ...rest, templateId: copy.id })
      .returning({ id: schema.surveyQuestions.id });
    if (!inserted) continue;
    const choices = previous.choices.filter((c) => c.questionId === q.id);
    if (choices.length > 0)
      await tx
        .insert(schema.questionChoices)
        .values(choices.map(({ id: _c, questionId: _q, ...c }) => ({ ...c, questionId: inserted.id })));
  }
  return templateDto(tx, copy);
}

/** Makes the template the one new surveys of its type use; the others of that type step down. */
export async function activateTemplate(tx: Tx, key: string) {
  const row = await findRow(tx, key, true);
  await tx
    .update(schema.surveyTemplates)
    .set({ active: false, updatedAt: new Date() })
    .where(
      and(
        eq(schema.surveyTemplates.type, row.type),
        eq(schema.surveyTemplates.active, true),
        ne(schema.surveyTemplates.id, row.id),
      ),
    );
  const [updated] = await tx
    .update(schema.surveyTemplates)
    .set({ active: true, updatedAt: new Date() })
    .where(eq(schema.surveyTemplates.id, row.id))
    .returning();
  return templateDto(tx, updated ?? row);
}

export async function deleteTemplate(tx: Tx, key: string) {
  const row = await findRow(tx, key, true);
  if (((await usage(tx, [row.id])).get(row.id) ?? 0) > 0) throw new AppError("survey_template_in_use");
  if (row.active) throw new AppError("survey_template_active");
  const previous = await contentOf(tx, row.id);
  await tx.delete(schema.surveyTemplates).where(eq(schema.surveyTemplates.id, row.id));
  await dropOrphanTexts(tx, tidsOf(previous, row.startTid));
}
