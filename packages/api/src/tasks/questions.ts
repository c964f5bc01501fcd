import { AppError, isLanguage, type SurveyType } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { textsOf } from "../content-texts";

/**
 * The questions a task may name (document 2 §4: only active templates feed the task question
 * choice; docs/decisions.md "Task question chooser"): the SLIDER and CHOICE_SINGLE questions of the
 * active survey templates of both types, never a group.
 */
export interface QuestionOption {
  key: string;
  type: SurveyType;
  /** Title of the question's group in the caller's language, or null. */
  group: string | null;
  /** Engine name of the category the question measures. */
  category: string | null;
  title: string;
}

const activeQuestions = (tx: Tx) =>
  tx
    .select({
      key: schema.surveyQuestions.key,
      questionType: schema.surveyQuestions.type,
      groupKey: schema.surveyQuestions.groupKey,
      category: schema.surveyQuestions.category,
      titleTid: schema.surveyQuestions.titleTid,
      templateId: schema.surveyQuestions.templateId,
      type: schema.surveyTemplates.type,
    })
    .from(schema.surveyQuestions)
    .innerJoin(schema.surveyTemplates, eq(schema.surveyTemplates.id, schema.surveyQuestions.templateId))
    .where(eq(schema.surveyTemplates.active, true))
    // PERSONNEL before MANAGEMENT, then the template's order.
    .orderBy(desc(schema.surveyTemplates.type), asc(schema.surveyQuestions.order));

/** The offered questions, titles in `language` (English where a text is missing). */
export async function questionOptions(tx: Tx, language: string): Promise<QuestionOption[]> {
  const lang = isLanguage(language) ? language : "en";
  const rows = await activeQuestions(tx);
  const texts = await textsOf(
    tx,
    rows.map((r) => r.titleTid),
  );
  const titleOf = (tid: string) => texts.get(tid)?.[lang] ?? "";
  const groups = new Map(
    rows.filter((r) => r.questionType === "GROUP").map((r) => [`${r.templateId}:${r.key}`, r.titleTid]),
  );
  return rows
    .filter((r) => r.questionType !== "GROUP")
    .map((r) => {
      const groupTid = r.groupKey ? groups.get(`${r.templateId}:${r.groupKey}`) : undefined;
      return {
        key: r.key,
        type: r.type,
        group: groupTid ? titleOf(groupTid) || null : null,
        category: r.category,
        title: titleOf(r.titleTid) || r.key,
      };
    });
}

/**
 * A question a task is given must be one offered now (`tasks.question_unknown`, 400); an empty one
 * is no question. Callers check only a question that changes, so a task keeps a question whose
 * template was deactivated later.
 */
export async function checkQuestion(tx: Tx, key: string | null | undefined): Promise<void> {
  if (!key) return;
  const [found] = await tx
    .select({ key: schema.surveyQuestions.key })
    .from(schema.surveyQuestions)
    .innerJoin(schema.surveyTemplates, eq(schema.surveyTemplates.id, schema.surveyQuestions.templateId))
    .where(
      and(
        eq(schema.surveyTemplates.active, true),
        eq(schema.surveyQuestions.key, key),
        ne(schema.surveyQuestions.type, "GROUP"),
      ),
    )
    .limit(1);
  if (!found) throw new AppError("tasks.question_unknown", { fields: { surveyQuestion: "unknown" } });
}
