import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import {
  createdAt,
  rowId,
  tenantForeignKey,
  tenantId,
  tenantPolicy,
  tenantPrimaryKey,
  updatedAt,
} from "./columns";
import { searchTerm } from "./search-terms";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Work tasks (document 3 §3 "Work task", issue 22): an organisation's ticket list. The indexes
 * follow the list's filters and sorts (status, assignee, newest first, title), each led by the
 * tenant, so a page of 100,000 tasks is read from an index, not sorted in memory.
 */
const tenantRef = () => tenantId().references(() => tenants.id, { onDelete: "cascade" });

export const workTasks = pgTable(
  "work_tasks",
  {
    id: rowId(),
    tenantId: tenantRef(),
    title: text().notNull(),
    message: text().notNull(),
    status: text({ enum: ["RECEIVED", "WAITING", "INPROGRESS", "DONE"] })
      .notNull()
      .default("RECEIVED"),
    assignedUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    assignerUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** What the task is about in another system (document 3 §3: timeEntry or service); kept as given. */
    object: text({ enum: ["timeEntry", "service"] }),
    objectId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index("work_tasks_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("work_tasks_tenant_status_created_idx").on(t.tenantId, t.status, t.createdAt),
    index("work_tasks_tenant_assigned_idx").on(t.tenantId, t.assignedUserId, t.createdAt),
    index("work_tasks_tenant_assigner_idx").on(t.tenantId, t.assignerUserId),
    index("work_tasks_tenant_title_idx").on(t.tenantId, sql`lower(${t.title})`),
    tenantPolicy("work_tasks", t.tenantId),
  ],
);

/**
 * Hello messages (document 3 §7 "Other", purpose not shown): short notes the organisation's
 * members leave on the work-task page (docs/decisions.md "Work tasks").
 */
export const workTaskHellos = pgTable(
  "work_task_hellos",
  {
    id: rowId(),
    tenantId: tenantRef(),
    msg: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index("work_task_hellos_tenant_created_idx").on(t.tenantId, t.createdAt),
    tenantPolicy("work_task_hellos", t.tenantId),
  ],
);

/**
 * How many work tasks an organisation has per status, assignee and assigner, kept by statement
 * triggers on work_tasks (migration 0030, `kunto_work_task_counts`). The list's total without a
 * search is a sum over these few rows: counting 100,000 rows under row-level security costs
 * hundreds of milliseconds, the policy being evaluated on each.
 */
export const workTaskCounts = pgTable(
  "work_task_counts",
  {
    tenantId: tenantRef(),
    status: text().notNull(),
    assignedUserId: uuid(),
    assignerUserId: uuid(),
    n: integer().notNull().default(0),
  },
  (t) => [
    unique("work_task_counts_key")
      .on(t.tenantId, t.status, t.assignedUserId, t.assignerUserId)
      .nullsNotDistinct(),
    tenantPolicy("work_task_counts", t.tenantId),
  ],
);

/**
 * The work-task list's word-prefix search (docs/decisions.md "Search at volume"): one row per
 * lower-cased word of a task's title and message, kept by statement triggers on work_tasks
 * (migration 0034, `kunto_work_task_search_terms`). Each row also carries the task's status,
 * assignee and assigner, rewritten with the terms when they change, and `prevTerm` as the party
 * and person terms do (migration 0036): a one-word search's total under the list's filters is then
 * a count of index entries (the primary key INCLUDEs them), with no join to the 100,000 tasks.
 */
export const workTaskSearchTerms = pgTable(
  "work_task_search_terms",
  {
    tenantId: tenantId(),
    term: searchTerm().notNull(),
    prevTerm: searchTerm(),
    status: text().notNull(),
    assignedUserId: uuid(),
    assignerUserId: uuid(),
    workTaskId: uuid().notNull(),
  },
  (t) => [
    tenantForeignKey("work_task_search_terms_work_task_id_fk", t.workTaskId, t.tenantId, workTasks).onDelete(
      "cascade",
    ),
    primaryKey({ columns: [t.tenantId, t.term, t.workTaskId] }),
    index("work_task_search_terms_task_idx").on(t.workTaskId),
    tenantPolicy("work_task_search_terms", t.tenantId),
  ],
);
