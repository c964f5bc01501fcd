import {
  categories as categoryDefs,
  LANGUAGES,
  managementTemplate,
  personnelTemplate,
  type TemplateDef,
  staticTasks as taskDefs,
  translations as translationDefs,
} from "@kunto/content";
import { and, eq } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "../schema";

type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Loads the default content every account starts from. Idempotent and conservative: texts that
 * already exist are kept (the translations editor may have changed them), and a template, category
 * or task whose key exists is left as it is.
 */
export async function loadDefaultContent(
  db: Database,
): Promise<{ translations: number; questions: number; tasks: number }> {
  const rows = Object.entries(translationDefs).flatMap(([tid, texts]) =>
    LANGUAGES.map((language) => ({ tid, language, text: texts[language] })),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(schema.translations)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }

  const categoryIds = new Map<string, string>();
  for (const def of categoryDefs) {
    const [row] = await db
      .insert(schema.categories)
      .values({
        key: def.key,
        engineName: def.engineName,
        parentId: def.parent ? (categoryIds.get(def.parent) ?? null) : null,
        order: def.order,
        level: def.level,
        types: def.types,
        nameTid: def.nameTid,
        descriptionTid: def.descriptionTid,
      })
      .onConflictDoNothing()
      .returning({ id: schema.categories.id });
    const id =
      row?.id ??
      (
        await db
          .select({ id: schema.categories.id })
          .from(schema.categories)
          .where(eq(schema.categories.key, def.key))
      )[0]?.id;
    if (id) categoryIds.set(def.engineName, id);
  }

  let questions = 0;
  for (const template of [personnelTemplate, managementTemplate])
    questions += await loadTemplate(db, template);

  const tasks = await db
    .insert(schema.staticTasks)
    .values(
      taskDefs.map((t) => ({
        key: t.key,
        type: t.type,
        categoryId: t.category ? (categoryIds.get(t.category) ?? null) : null,
        swotType: t.swotType,
        priority: t.priority,
        nameTid: t.nameTid,
        descriptionTid: t.descriptionTid,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: schema.staticTasks.id });
  return { translations: rows.length, questions, tasks: tasks.length };
}

/**
 * A default template is written once and never again: a row with its key is left as it is (a platform
 * admin may have edited or deactivated it), and when the key is gone but another template of its type
 * is active, the admin deleted the default after activating that one, so it stays deleted. Only a
 * type without any active template gets the default back (as on an empty database).
 */
async function loadTemplate(db: Database, template: TemplateDef): Promise<number> {
  const [active] = await db
    .select({ id: schema.surveyTemplates.id })
    .from(schema.surveyTemplates)
    .where(and(eq(schema.surveyTemplates.type, template.type), eq(schema.surveyTemplates.active, true)))
    .limit(1);
  if (active) return 0;
  const [row] = await db
    .insert(schema.surveyTemplates)
    .values({
      key: template.key,
      type: template.type,
      version: template.version,
      startTid: template.startTid,
      welcome: template.welcome,
      autojump: template.autojump,
      active: template.active,
    })
    .onConflictDoNothing()
    .returning({ id: schema.surveyTemplates.id });
  if (!row) return 0;
  for (const q of template.questions) {
    const scored = q.type === "GROUP" ? null : q;
    const slider = q.type === "SLIDER" ? q : null;
    const [question] = await db
      .insert(schema.surveyQuestions)
      .values({
        templateId: row.id,
        key: q.key,
        type: q.type,
        order: q.order,
        groupKey: q.group,
        category: q.category,
        titleTid: q.titleTid,
        contentTid: q.contentTid,
        sliderMin: slider?.sliderMin ?? null,
        sliderMax: slider?.sliderMax ?? null,
        sliderStep: slider?.sliderStep ?? null,
        sliderMinTid: slider?.sliderMinTid ?? null,
        sliderMaxTid: slider?.sliderMaxTid ?? null,
        choiceLimit: q.type === "CHOICE_SINGLE" ? 1 : null,
        strengthTid: scored?.swot.strengthTid ?? null,
        weaknessTid: scored?.swot.weaknessTid ?? null,
        opportunityTid: scored?.swot.opportunityTid ?? null,
      })
      .returning({ id: schema.surveyQuestions.id });
    if (question && q.type === "CHOICE_SINGLE") {
      await db.insert(schema.questionChoices).values(
        q.choices.map((c) => ({
          questionId: question.id,
          key: c.key,
          nameTid: c.nameTid,
          value: c.value,
          order: c.order,
        })),
      );
    }
  }
  return template.questions.length;
}
