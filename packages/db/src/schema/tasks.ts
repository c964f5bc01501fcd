import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  createdAt,
  rowId,
  tenantForeignKey,
  tenantId,
  tenantPolicy,
  tenantPrimaryKey,
  updatedAt,
} from "./columns";
import { categories, staticTasks } from "./content";
import { surveys, teams } from "./surveys";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Improvement tasks and staff votes on them (document 3 §2-§7 tasks, task voting; issue 9). Both
 * tables are tenant-owned and fenced by row-level security.
 */

/** A text in each of the product's five languages. */
type FiveTexts = Record<"en" | "fi" | "ee" | "ru" | "pl", string>;

const tenantRef = () => tenantId().references(() => tenants.id, { onDelete: "cascade" });

export const TASK_TYPES = ["manual", "report", "personnel_help", "management_help"] as const;

export const tasks = pgTable(
  "tasks",
  {
    id: rowId(),
    tenantId: tenantRef(),
    /** The suggested task it was made from (hide / created rules of document 3 §2). */
    staticTaskId: uuid().references(() => staticTasks.id, { onDelete: "set null" }),
    type: text({ enum: TASK_TYPES }).notNull(),
    name: text().notNull(),
    description: text(),
    /**
     * A task made from a suggestion keeps the suggestion's texts in the five languages (issue 18.1),
     * until someone edits its name or description: then `name` / `description` are its only texts.
     */
    texts: jsonb().$type<{ name: FiveTexts; description: FiveTexts }>(),
    priority: text({ enum: ["HIGH", "MEDIUM", "LOW"] }).notNull(),
    /** Null for the help types (their category is cleared before saving). */
    categoryId: uuid().references(() => categories.id, { onDelete: "set null" }),
    swotType: text({ enum: ["strength", "weakness", "opportunity"] }),
    /** Key of the template question of the finding the task was made from. */
    surveyQuestion: text(),
    /** The survey whose finding or creation the task came from (closing the loop). */
    sourceSurveyId: uuid(),
    teamId: uuid(),
    assigneeUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    dueDate: date(),
    year: integer().notNull(),
    /** 'DONE' or null (open). */
    status: text({ enum: ["DONE"] }),
    /** Votes of staff on the public page, kept with each vote in the vote's transaction. */
    voteCount: integer().notNull().default(0),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("tasks_team_id_fk", t.teamId, t.tenantId, teams).onDelete("set null"),
    tenantForeignKey("tasks_source_survey_id_fk", t.sourceSurveyId, t.tenantId, surveys).onDelete("set null"),
    index("tasks_tenant_idx").on(t.tenantId, t.createdAt),
    index("tasks_static_idx").on(t.tenantId, t.staticTaskId).where(sql`${t.staticTaskId} is not null`),
    tenantPolicy("tasks", t.tenantId),
  ],
);

/**
 * One staff vote: one per browser token and task. The token is kept only as its SHA-256; no IP
 * address, no user agent.
 */
export const taskVotes = pgTable(
  "task_votes",
  {
    id: rowId(),
    tenantId: tenantRef(),
    taskId: uuid().notNull(),
    sessionHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("task_votes_task_id_fk", t.taskId, t.tenantId, tasks).onDelete("cascade"),
    uniqueIndex("task_votes_task_session").on(t.taskId, t.sessionHash, t.tenantId),
    index("task_votes_tenant_session_idx").on(t.tenantId, t.sessionHash),
    tenantPolicy("task_votes", t.tenantId),
  ],
);
