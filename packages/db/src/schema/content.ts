import { boolean, index, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/**
 * Platform content shared by every account: translations, the category tree, survey templates
 * and suggested tasks. Not tenant-owned (no tenant_id); platform admins edit it.
 */
export const translations = pgTable(
  "translations",
  {
    tid: text().notNull(),
    language: text({ enum: ["en", "fi", "ee", "ru", "pl"] }).notNull(),
    text: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tid, t.language] })],
);

export const categories = pgTable("categories", {
  id: id(),
  key: text().notNull().unique(),
  engineName: text().notNull().unique(),
  parentId: uuid(),
  order: integer().notNull(),
  level: integer().notNull(),
  types: text().array().notNull(),
  nameTid: text().notNull(),
  descriptionTid: text().notNull(),
});

export const surveyTemplates = pgTable("survey_templates", {
  id: id(),
  key: text().notNull().unique(),
  type: text({ enum: ["PERSONNEL", "MANAGEMENT"] }).notNull(),
  version: integer().notNull().default(1),
  startTid: text().notNull(),
  welcome: boolean().notNull().default(true),
  autojump: boolean().notNull().default(true),
  active: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const surveyQuestions = pgTable(
  "survey_questions",
  {
    id: id(),
    templateId: uuid()
      .notNull()
      .references(() => surveyTemplates.id, { onDelete: "cascade" }),
    key: text().notNull(),
    type: text({ enum: ["GROUP", "SLIDER", "CHOICE_SINGLE"] }).notNull(),
    order: integer().notNull(),
    /** Key of the GROUP question this one sits under. */
    groupKey: text(),
    /** Engine name of the category the question measures (null for groups). */
    category: text(),
    titleTid: text().notNull(),
    contentTid: text(),
    sliderMin: integer(),
    sliderMax: integer(),
    sliderStep: integer(),
    sliderMinTid: text(),
    sliderMaxTid: text(),
    choiceLimit: integer(),
    strengthTid: text(),
    weaknessTid: text(),
    opportunityTid: text(),
  },
  (t) => [
    unique("survey_questions_template_key").on(t.templateId, t.key),
    index("survey_questions_template_idx").on(t.templateId, t.order),
  ],
);

export const questionChoices = pgTable(
  "question_choices",
  {
    id: id(),
    questionId: uuid()
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: "cascade" }),
    key: text().notNull(),
    nameTid: text().notNull(),
    value: integer().notNull(),
    order: integer().notNull(),
  },
  (t) => [unique("question_choices_question_key").on(t.questionId, t.key)],
);

export const staticTasks = pgTable("static_tasks", {
  id: id(),
  key: text().notNull().unique(),
  type: text({ enum: ["report", "personnel_help", "management_help"] }).notNull(),
  categoryId: uuid().references(() => categories.id, { onDelete: "set null" }),
  swotType: text({ enum: ["strength", "weakness", "opportunity"] }),
  priority: text({ enum: ["HIGH", "MEDIUM", "LOW"] }).notNull(),
  nameTid: text().notNull(),
  descriptionTid: text().notNull(),
  /** Key of the template question the task answers, when it answers one. */
  surveyQuestion: text(),
});
