import type { SwotType, TaskPriority, TaskType } from "@kunto/core";
import type { schema, Tx } from "@kunto/db";
import { sql } from "drizzle-orm";

/** A task as the board and the REST API show it (document 3 §3 Task). */
export interface TaskDto {
  id: string;
  staticTaskId: string | null;
  type: TaskType;
  name: string;
  description: string | null;
  /** A task made from a suggestion and not rewritten: its texts in the five languages (issue 18.1). */
  translations: (typeof schema.tasks.$inferSelect)["texts"];
  priority: TaskPriority;
  category: string | null;
  categoryId: string | null;
  /** Engine name of the category's top-level ancestor: the board column of a non-help task. */
  topCategory: string | null;
  swotType: SwotType | null;
  surveyQuestion: string | null;
  sourceSurvey: { key: string; name: string | null; type: "PERSONNEL" | "MANAGEMENT" } | null;
  dueDate: string | null;
  createdAt: string;
  year: number;
  status: "DONE" | null;
  userInCharge: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  } | null;
  team: { key: string; name: string } | null;
  voteCount: number;
}

type TaskRowSql = {
  id: string;
  static_task_id: string | null;
  type: TaskType;
  name: string;
  description: string | null;
  texts: TaskDto["translations"];
  priority: TaskPriority;
  category: string | null;
  category_id: string | null;
  top_category: string | null;
  swot_type: SwotType | null;
  survey_question: string | null;
  source_survey_id: string | null;
  survey_key: string | null;
  survey_name: string | null;
  survey_type: "PERSONNEL" | "MANAGEMENT" | null;
  due_date: string | null;
  created_at: string;
  year: number;
  status: "DONE" | null;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  team_key: string | null;
  team_name: string | null;
  vote_count: number;
};

export type TaskRowWithSource = TaskDto & { sourceSurveyId: string | null };

/**
 * The tenant's tasks (or one), with category, top category, team, assignee and source survey in one
 * statement. The vote count is kept on the task by each vote, so the board never counts votes.
 */
export async function selectTasks(tx: Tx, tenantId: string, id?: string): Promise<TaskRowWithSource[]> {
  const rows = await tx.execute<TaskRowSql>(sql`
    select t.id, t.static_task_id, t.type, t.name, t.description, t.texts, t.priority,
      c.engine_name as category, t.category_id,
      coalesce(g.engine_name, p.engine_name, c.engine_name) as top_category,
      t.swot_type, t.survey_question, t.source_survey_id,
      s.key as survey_key, s.name as survey_name, s.type as survey_type,
      t.due_date::text as due_date, t.created_at::text as created_at, t.year, t.status,
      u.id as user_id, u.first_name, u.last_name, u.email,
      tm.key as team_key, tm.name as team_name, t.vote_count
    from tasks t
      left join categories c on c.id = t.category_id
      left join categories p on p.id = c.parent_id
      left join categories g on g.id = p.parent_id
      left join surveys s on s.id = t.source_survey_id
      left join users u on u.id = t.assignee_user_id
      left join teams tm on tm.id = t.team_id
    where t.tenant_id = ${tenantId} ${id ? sql`and t.id = ${id}` : sql``}
    order by t.created_at`);
  return rows.map((r) => ({
    id: r.id,
    staticTaskId: r.static_task_id,
    type: r.type,
    name: r.name,
    description: r.description,
    translations: r.texts,
    priority: r.priority,
    category: r.category,
    categoryId: r.category_id,
    topCategory: r.top_category,
    swotType: r.swot_type,
    surveyQuestion: r.survey_question,
    sourceSurveyId: r.source_survey_id,
    sourceSurvey:
      r.survey_key && r.survey_type ? { key: r.survey_key, name: r.survey_name, type: r.survey_type } : null,
    dueDate: r.due_date,
    createdAt: new Date(r.created_at).toISOString(),
    year: r.year,
    status: r.status,
    userInCharge: r.user_id
      ? { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email }
      : null,
    team: r.team_key && r.team_name ? { key: r.team_key, name: r.team_name } : null,
    voteCount: r.vote_count,
  }));
}
