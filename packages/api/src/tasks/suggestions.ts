import {
  AppError,
  addDays,
  dayOf,
  PLAN_LIMITS,
  type Plan,
  STATIC_TASK_TYPES,
  type StaticTaskType,
  SUGGESTED_TASK_DUE_DAYS,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type StaticTaskDto, staticTaskDtos } from "../categories/static-tasks";
import { type Finding, latestSurveyKeys, surveyFindings } from "./findings";

/**
 * Suggested tasks for an account (document 3 §2 "Suggested tasks", §5): the platform's static tasks
 * of the asked types. A suggestion is `created` (and the dialogs hide it) while an undone task made
 * from it exists. For a survey, report suggestions are those of the survey type's categories whose
 * SWOT type matches the category's band in that survey (when the engine has a value), and the due
 * date offered is the survey's last day + 7.
 *
 * Issue 18.1, findings to action: each report suggestion of a survey carries the finding it answers
 * (category, value, band, the survey and its due date), and the list runs weakest first. `category`
 * keeps the suggestions of one category (and its subcategories); `latest` takes the newest survey of
 * each type that has started, and only suggestions that answer one of its findings ("From your
 * latest results" on the board).
 */
export interface Suggestions {
  /** The plan's cap of tasks made from suggestions; null: none. */
  limit: number | null;
  /** Tasks made from suggestions so far (what the cap counts). */
  used: number;
  dueDate: string | null;
  suggestions: Array<StaticTaskDto & { created: boolean; finding: Finding | null }>;
}

export interface SuggestionOptions {
  types?: StaticTaskType[];
  surveyKey?: string | null;
  category?: string | null;
  /** A question's finding: the suggestions of its category (or an ancestor) and its band. */
  question?: string | null;
  latest?: boolean;
}

type StaticRow = typeof schema.staticTasks.$inferSelect;

export async function listSuggestions(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  options: SuggestionOptions,
): Promise<Suggestions> {
  const types = options.types?.length
    ? options.types
    : options.latest
      ? (["report"] as StaticTaskType[])
      : (["personnel_help", "management_help"] as StaticTaskType[]);
  let rows: StaticRow[] = await tx
    .select()
    .from(schema.staticTasks)
    .where(
      inArray(
        schema.staticTasks.type,
        types.filter((t) => STATIC_TASK_TYPES.includes(t)),
      ),
    )
    .orderBy(asc(schema.staticTasks.type), asc(schema.staticTasks.key));
  const categories = await tx.select().from(schema.categories);
  const byId = new Map(categories.map((c) => [c.id, c]));
  /** The engine names of a category and its ancestors. */
  const lineage = (categoryId: string | null) => {
    const names: string[] = [];
    for (
      let c = categoryId ? byId.get(categoryId) : undefined;
      c;
      c = c.parentId ? byId.get(c.parentId) : undefined
    )
      names.push(c.engineName);
    return names;
  };
  const lineageOf = (engineName: string) =>
    lineage(categories.find((c) => c.engineName === engineName)?.id ?? null);
  let dueDate: string | null = null;
  const findingOf = new Map<string, Finding>();
  const surveyKeys = options.latest
    ? await latestSurveyKeys(tx, tenant.id)
    : options.surveyKey
      ? [options.surveyKey]
      : [];
  if (options.surveyKey && !options.latest) {
    const [survey] = await tx
      .select({ endsAt: schema.surveys.endsAt })
      .from(schema.surveys)
      .where(and(eq(schema.surveys.tenantId, tenant.id), eq(schema.surveys.key, options.surveyKey)));
    if (!survey) throw new AppError("not_found");
    dueDate = addDays(dayOf(survey.endsAt), SUGGESTED_TASK_DUE_DAYS);
  }
  if (surveyKeys.length > 0 && types.includes("report")) {
    const kept: StaticRow[] = [];
    for (const key of surveyKeys) {
      const { survey, findings, questions } = await surveyFindings(tx, tenant.id, key);
      const asked = options.question ? questions.get(options.question) : undefined;
      if (options.question && !asked) continue;
      const questionLineage = asked ? lineageOf(asked.category) : [];
      for (const r of rows) {
        if (r.type !== "report") continue;
        const category = r.categoryId ? byId.get(r.categoryId) : undefined;
        if (!category?.types.includes(survey.type)) continue;
        if (asked && !questionLineage.includes(category.engineName)) continue;
        const finding = asked ?? findings.get(category.engineName);
        // A withheld category keeps its suggestions in a survey's own list, never in "latest".
        if (finding ? r.swotType && finding.band !== r.swotType : options.latest) continue;
        if (finding && !findingOf.has(r.id)) findingOf.set(r.id, finding);
        if (!kept.includes(r)) kept.push(r);
      }
    }
    rows = [...rows.filter((r) => r.type !== "report" && !options.latest), ...kept];
  }
  if (options.category) {
    const wanted = options.category;
    rows = rows.filter((r) => lineage(r.categoryId).includes(wanted));
  }
  // Weakest finding first; suggestions without a finding keep their order after them.
  rows = rows
    .map((r, i) => ({ r, i, v: findingOf.get(r.id)?.value ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.v - b.v || a.i - b.i)
    .map((x) => x.r);
  const open = await tx
    .selectDistinct({ id: schema.tasks.staticTaskId })
    .from(schema.tasks)
    .where(
      and(
        eq(schema.tasks.tenantId, tenant.id),
        isNotNull(schema.tasks.staticTaskId),
        isNull(schema.tasks.status),
      ),
    );
  const created = new Set(open.map((o) => o.id));
  const [used] = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from tasks where tenant_id = ${tenant.id} and static_task_id is not null`,
  );
  return {
    limit: PLAN_LIMITS[tenant.plan].suggestedTasks,
    used: used?.n ?? 0,
    dueDate,
    suggestions: (await staticTaskDtos(tx, rows)).map((s) => ({
      ...s,
      created: created.has(s.id),
      finding: findingOf.get(s.id) ?? null,
    })),
  };
}
