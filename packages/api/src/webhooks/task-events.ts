import type { Tx } from "@kunto/db";
import type { TaskDto } from "../tasks/task-dto";
import { recordWebhookEvent } from "./events";

/**
 * The task events (issue 20.4), recorded in the transaction of the change: created, changed (with the
 * names of the fields that changed), done (when the status becomes DONE, besides `task.updated`) and
 * the vote count changed. The task travels as the REST API shows it, without its translations, and
 * the person in charge by id only: a receiver that needs more asks the API with its key.
 */
export function taskEventData(task: TaskDto) {
  const { translations: _translations, userInCharge, ...rest } = task;
  return { ...rest, userInCharge: userInCharge ? { id: userInCharge.id } : null };
}

const COMPARED = [
  "type",
  "name",
  "description",
  "priority",
  "categoryId",
  "swotType",
  "surveyQuestion",
  "dueDate",
  "year",
  "status",
] as const;

export async function taskCreatedEvent(tx: Tx, tenantId: string, task: TaskDto): Promise<void> {
  await recordWebhookEvent(tx, tenantId, "task.created", { task: taskEventData(task) });
}

export async function taskChangedEvents(tx: Tx, tenantId: string, before: TaskDto, after: TaskDto) {
  const changed: string[] = COMPARED.filter((field) => before[field] !== after[field]);
  if ((before.team?.key ?? null) !== (after.team?.key ?? null)) changed.push("team");
  if ((before.userInCharge?.id ?? null) !== (after.userInCharge?.id ?? null)) changed.push("userInCharge");
  if (changed.length === 0) return;
  const task = taskEventData(after);
  await recordWebhookEvent(tx, tenantId, "task.updated", { task, changed });
  if (before.status !== "DONE" && after.status === "DONE")
    await recordWebhookEvent(tx, tenantId, "task.done", { task });
}

export async function votesChangedEvent(tx: Tx, tenantId: string, taskId: string, voteCount: number) {
  await recordWebhookEvent(tx, tenantId, "task.votes_changed", { task: { id: taskId, voteCount } });
}
