import {
  AppError,
  addDays,
  dayOf,
  isHelpType,
  LANGUAGES,
  PLAN_LIMITS,
  type Plan,
  SUGGESTED_TASK_DUE_DAYS,
  type TaskType,
  type TTaskInput,
  type TTaskPatch,
  ZTaskInput,
  ZTaskPatch,
} from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { textOr, textsOf } from "../content-texts";
import { taskChangedEvents, taskCreatedEvent } from "../webhooks/task-events";
import { withFollowUp } from "./follow-up";
import { checkQuestion } from "./questions";
import { selectTasks } from "./task-dto";

/**
 * Improvement tasks of an account (document 3 §2-§6, §7 Tasks). Plan rules (§1, §5, §6): a FREE
 * account creates no own tasks (nor turns a suggested one into one by changing its type) and at most
 * 5 tasks from suggestions; tasks are changed by members with `task.write` only (read-only users see
 * them), enforced by the procedures.
 */
export interface TenantRef {
  id: string;
  plan: Plan;
}

export async function listTasks(tx: Tx, tenantId: string) {
  return withFollowUp(tx, tenantId, await selectTasks(tx, tenantId));
}

export async function getTask(tx: Tx, tenantId: string, id: string) {
  const [task] = await withFollowUp(tx, tenantId, await selectTasks(tx, tenantId, id));
  if (!task) throw new AppError("not_found");
  return task;
}

async function categoryIdOf(
  tx: Tx,
  category: string | null | undefined,
  categoryId: string | null | undefined,
) {
  if (!category && !categoryId) return null;
  const [row] = await tx
    .select({ id: schema.categories.id })
    .from(schema.categories)
    .where(
      categoryId ? eq(schema.categories.id, categoryId) : eq(schema.categories.engineName, category ?? ""),
    );
  if (!row) throw new AppError("tasks.category_required", { fields: { category: "unknown" } });
  return row.id;
}

async function teamIdOf(tx: Tx, tenantId: string, key: string | null | undefined) {
  if (!key) return null;
  const [row] = await tx
    .select({ id: schema.teams.id })
    .from(schema.teams)
    .where(and(eq(schema.teams.tenantId, tenantId), eq(schema.teams.key, key)));
  if (!row) throw new AppError("not_found", { fields: { teamKey: "unknown" } });
  return row.id;
}

/** The person in charge must be a member of the account. */
async function assigneeOf(tx: Tx, tenantId: string, userId: string | null | undefined) {
  if (!userId) return null;
  const [row] = await tx
    .select({ id: schema.memberships.userId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.tenantId, tenantId), eq(schema.memberships.userId, userId)));
  if (!row) throw new AppError("not_found", { fields: { userInChargeId: "unknown" } });
  return row.id;
}

async function surveyOf(tx: Tx, tenantId: string, key: string | null | undefined) {
  if (!key) return null;
  const [row] = await tx
    .select({ id: schema.surveys.id, endsAt: schema.surveys.endsAt })
    .from(schema.surveys)
    .where(and(eq(schema.surveys.tenantId, tenantId), eq(schema.surveys.key, key)));
  if (!row) throw new AppError("not_found", { fields: { surveyKey: "unknown" } });
  return row;
}

/** Name required; category required except for the help types, whose category is cleared. */
function checkFields(type: TaskType, name: string, categoryId: string | null) {
  if (!name.trim()) throw new AppError("tasks.name_required", { fields: { name: "required" } });
  if (!isHelpType(type) && !categoryId)
    throw new AppError("tasks.category_required", { fields: { category: "required" } });
}

/**
 * The FREE plan's rules, checked under a lock of the account row so parallel creations cannot pass
 * the cap together: own tasks need `ownTasks`, and tasks from suggestions count against the cap.
 */
async function checkPlan(tx: Tx, tenant: TenantRef, staticTaskId: string | null) {
  const limits = PLAN_LIMITS[tenant.plan];
  if (!staticTaskId && !limits.ownTasks) throw new AppError("plan_required", { feature: "ownTasks" });
  if (staticTaskId && limits.suggestedTasks !== null) {
    await tx.execute(sql`select id from tenants where id = ${tenant.id} for update`);
    const [row] = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from tasks where tenant_id = ${tenant.id} and static_task_id is not null`,
    );
    if ((row?.n ?? 0) >= limits.suggestedTasks)
      throw new AppError("plan_required", { feature: "suggestedTasks", limit: limits.suggestedTasks });
  }
}

/**
 * A plan without own tasks (FREE) keeps a task made from a suggestion of the suggestion's type, when
 * it is created and later: a suggestion turned into a manual (or another) task is an own task.
 */
function checkKeepsType(tenant: TenantRef, staticTaskId: string | null, from: TaskType, to: TaskType) {
  if (staticTaskId && from !== to && !PLAN_LIMITS[tenant.plan].ownTasks)
    throw new AppError("plan_required", { feature: "ownTasks" });
}

/**
 * An own task kept from a paid plan is read-only on a plan without own tasks (docs/decisions.md
 * "Billing (issue 21)", downgrade rule): changing it answers 403 `plan_required` (feature
 * `ownTasks`); deleting it stays allowed, and a paid plan again makes it editable.
 */
function checkOwnTaskEditable(tenant: TenantRef, staticTaskId: string | null) {
  if (!staticTaskId && !PLAN_LIMITS[tenant.plan].ownTasks)
    throw new AppError("plan_required", { feature: "ownTasks" });
}

type TaskTexts = NonNullable<(typeof schema.tasks.$inferSelect)["texts"]>;

/**
 * The name and description are the texts in one of their languages: nobody rewrote them. An
 * undefined description was not touched; null or "" is no description.
 */
function keepsTexts(texts: TaskTexts, name: string, description: string | null | undefined) {
  const among = (values: Record<string, string>, text: string) =>
    Object.values(values).some((v) => v.trim() === text.trim());
  return (
    among(texts.name, name) && (description === undefined || among(texts.description, description ?? ""))
  );
}

export async function createTask(tx: Tx, tenant: TenantRef, userId: string, raw: TTaskInput) {
  const input = ZTaskInput.parse(raw);
  let { name, description, swotType } = input;
  let surveyQuestion = input.surveyQuestion || null;
  let texts: TaskTexts | null = null;
  let type: TaskType = input.type ?? "manual";
  let priority = input.priority ?? "MEDIUM";
  let categoryId = await categoryIdOf(tx, input.category, input.categoryId);
  const staticTaskId = input.staticTaskId ?? null;
  if (staticTaskId) {
    const [suggestion] = await tx
      .select()
      .from(schema.staticTasks)
      .where(eq(schema.staticTasks.id, staticTaskId));
    if (!suggestion) throw new AppError("not_found", { fields: { staticTaskId: "unknown" } });
    // Hidden / created rule (document 3 §2): an undone task of the same suggestion exists.
    const [open] = await tx
      .select({ id: schema.tasks.id })
      .from(schema.tasks)
      .where(
        and(
          eq(schema.tasks.tenantId, tenant.id),
          eq(schema.tasks.staticTaskId, staticTaskId),
          isNull(schema.tasks.status),
        ),
      )
      .limit(1);
    if (open) throw new AppError("task_already_created", { id: open.id });
    if (input.type === undefined) type = suggestion.type;
    checkKeepsType(tenant, staticTaskId, suggestion.type, type);
    categoryId ??= suggestion.categoryId;
    swotType ??= suggestion.swotType;
    // The suggestion's own question is taken as it is (platform content); another one is checked.
    if (surveyQuestion !== suggestion.surveyQuestion) await checkQuestion(tx, surveyQuestion);
    surveyQuestion ||= suggestion.surveyQuestion;
    if (input.priority === undefined) priority = suggestion.priority;
    const all = await textsOf(tx, [suggestion.nameTid, suggestion.descriptionTid]);
    const suggested = {
      name: textOr(all, suggestion.nameTid, suggestion.key),
      description: textOr(all, suggestion.descriptionTid),
    };
    // The client sends the suggestion's texts in the user's language; English otherwise.
    if (!name.trim()) name = suggested.name.en;
    // No description given: the suggestion's, in the language of the name.
    if (description === undefined) {
      const language = LANGUAGES.find((l) => suggested.name[l].trim() === name.trim()) ?? "en";
      description = suggested.description[language] || null;
    }
    // Unchanged texts stay the suggestion's in every language (issue 18.1).
    if (keepsTexts(suggested, name, description ?? null)) texts = suggested;
  } else await checkQuestion(tx, surveyQuestion);
  if (isHelpType(type)) categoryId = null;
  checkFields(type, name, categoryId);
  await checkPlan(tx, tenant, staticTaskId);
  const survey = await surveyOf(tx, tenant.id, input.surveyKey);
  // From a suggestion with a survey that has an end: due on its last day + 7 (document 3 §5).
  const dueDate =
    input.dueDate !== undefined
      ? input.dueDate
      : staticTaskId && survey
        ? addDays(dayOf(survey.endsAt), SUGGESTED_TASK_DUE_DAYS)
        : null;
  const [row] = await tx
    .insert(schema.tasks)
    .values({
      tenantId: tenant.id,
      staticTaskId,
      type,
      name: name.trim(),
      description: description?.trim() || null,
      texts,
      priority,
      categoryId,
      swotType: swotType ?? null,
      surveyQuestion: surveyQuestion ?? null,
      sourceSurveyId: survey?.id ?? null,
      teamId: await teamIdOf(tx, tenant.id, input.teamKey),
      assigneeUserId: await assigneeOf(tx, tenant.id, input.userInChargeId),
      dueDate: dueDate ?? null,
      year: input.year ?? Number(dayOf(new Date()).slice(0, 4)),
      status: input.status ?? null,
      createdByUserId: userId,
    })
    .returning({ id: schema.tasks.id });
  if (!row) throw new AppError("error_saving_task");
  const task = await getTask(tx, tenant.id, row.id);
  await taskCreatedEvent(tx, tenant.id, task);
  return task;
}

export async function updateTask(tx: Tx, tenant: TenantRef, id: string, raw: TTaskPatch) {
  const tenantId = tenant.id;
  const patch = ZTaskPatch.parse(raw);
  const [row] = await tx
    .select()
    .from(schema.tasks)
    .where(and(eq(schema.tasks.tenantId, tenantId), eq(schema.tasks.id, id)))
    .for("update");
  if (!row) throw new AppError("not_found");
  checkOwnTaskEditable(tenant, row.staticTaskId);
  const before = await getTask(tx, tenantId, id);
  const type = patch.type ?? row.type;
  checkKeepsType(tenant, row.staticTaskId, row.type, type);
  let categoryId =
    patch.category !== undefined || patch.categoryId !== undefined
      ? await categoryIdOf(tx, patch.category, patch.categoryId)
      : row.categoryId;
  if (isHelpType(type)) categoryId = null;
  const name = patch.name ?? row.name;
  checkFields(type, name, categoryId);
  // Only a changed question is checked: one whose template was deactivated since stays (§4).
  const surveyQuestion =
    patch.surveyQuestion === undefined ? row.surveyQuestion : patch.surveyQuestion || null;
  if (surveyQuestion !== row.surveyQuestion) await checkQuestion(tx, surveyQuestion);
  const description = patch.description === undefined ? row.description : patch.description?.trim() || null;
  // An edited name or description is the task's own from now on, in every language.
  const texts =
    row.texts && keepsTexts(row.texts, name, patch.description === undefined ? undefined : description)
      ? row.texts
      : null;
  await tx
    .update(schema.tasks)
    .set({
      type,
      name: name.trim(),
      description,
      texts,
      priority: patch.priority ?? row.priority,
      categoryId,
      swotType: patch.swotType === undefined ? row.swotType : patch.swotType,
      surveyQuestion,
      teamId: patch.teamKey === undefined ? row.teamId : await teamIdOf(tx, tenantId, patch.teamKey),
      assigneeUserId:
        patch.userInChargeId === undefined
          ? row.assigneeUserId
          : await assigneeOf(tx, tenantId, patch.userInChargeId),
      dueDate: patch.dueDate === undefined ? row.dueDate : patch.dueDate,
      year: patch.year ?? row.year,
      status: patch.status === undefined ? row.status : patch.status,
    })
    .where(eq(schema.tasks.id, id));
  const after = await getTask(tx, tenantId, id);
  await taskChangedEvents(tx, tenantId, before, after);
  return after;
}

export async function deleteTask(tx: Tx, tenantId: string, id: string) {
  const removed = await tx
    .delete(schema.tasks)
    .where(and(eq(schema.tasks.tenantId, tenantId), eq(schema.tasks.id, id)))
    .returning({ id: schema.tasks.id });
  if (removed.length === 0) throw new AppError("not_found");
}
