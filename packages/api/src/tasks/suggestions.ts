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
import { bandFor, WIDE_BOUNDS } from "@kunto/engine";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type StaticTaskDto, staticTaskDtos } from "../categories/static-tasks";
import { calculateSurvey } from "../reports/survey-results";

/**
 * Suggested tasks for an account (document 3 §2 "Suggested tasks", §5): the platform's static tasks
 * of the asked types. A suggestion is `created` (and the dialogs hide it) while an undone task made
 * from it exists. For a survey, report suggestions are those of the survey type's categories whose
 * SWOT type matches the category's band in that survey (when the engine has a value), and the due
 * date offered is the survey's last day + 7.
 */
export interface Suggestions {
  /** The plan's cap of tasks made from suggestions; null: none. */
  limit: number | null;
  /** Tasks made from suggestions so far (what the cap counts). */
  used: number;
  dueDate: string | null;
  suggestions: Array<StaticTaskDto & { created: boolean }>;
}

export async function listSuggestions(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  options: { types?: StaticTaskType[]; surveyKey?: string | null },
): Promise<Suggestions> {
  const types = options.types?.length
    ? options.types
    : (["personnel_help", "management_help"] as StaticTaskType[]);
  let rows = await tx
    .select()
    .from(schema.staticTasks)
    .where(
      inArray(
        schema.staticTasks.type,
        types.filter((t) => STATIC_TASK_TYPES.includes(t)),
      ),
    )
    .orderBy(asc(schema.staticTasks.type), asc(schema.staticTasks.key));
  let dueDate: string | null = null;
  if (options.surveyKey) {
    const [survey] = await tx
      .select({ type: schema.surveys.type, endsAt: schema.surveys.endsAt })
      .from(schema.surveys)
      .where(and(eq(schema.surveys.tenantId, tenant.id), eq(schema.surveys.key, options.surveyKey)));
    if (!survey) throw new AppError("not_found");
    dueDate = addDays(dayOf(survey.endsAt), SUGGESTED_TASK_DUE_DAYS);
    if (types.includes("report")) {
      const calc = await calculateSurvey(tx, tenant.id, options.surveyKey);
      const side = calc.type === "PERSONNEL" ? calc.lta : calc.oja;
      const bands = new Map<string, string>();
      for (const c of side?.categories ?? []) {
        const wide = c.name === "culture" || c.name === "economy_customers";
        if (c.status === "ok") bands.set(c.name, bandFor(c.value, wide ? WIDE_BOUNDS : undefined));
        for (const s of c.subcategories) if (s.status === "ok") bands.set(s.name, bandFor(s.value));
      }
      const categories = await tx.select().from(schema.categories);
      const byId = new Map(categories.map((c) => [c.id, c]));
      rows = rows.filter((r) => {
        if (r.type !== "report") return true;
        const category = r.categoryId ? byId.get(r.categoryId) : undefined;
        if (!category?.types.includes(survey.type)) return false;
        const band = bands.get(category.engineName);
        return !band || !r.swotType || band === r.swotType;
      });
    }
  }
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
    suggestions: (await staticTaskDtos(tx, rows)).map((s) => ({ ...s, created: created.has(s.id) })),
  };
}
