import { STATIC_TASK_TYPES, ZTaskInput, ZTaskPatch } from "@kunto/core";
import { z } from "zod";
import { listCategories } from "../categories/categories";
import { ok, ZOk } from "../dto";
import { router, withPermission } from "../trpc";
import { latestLoops } from "./findings";
import { questionOptions } from "./questions";
import { ZCategory, ZId, ZLoopStatus, ZQuestionOption, ZSuggestions, ZTask } from "./schemas";
import { listSuggestions } from "./suggestions";
import * as tasks from "./tasks";

/**
 * Tasks of the current account (document 3 §7 Tasks). Every member reads them; only members with
 * `task.write` (account admins) change them, so read-only users see and cannot change.
 */
const tags = ["tasks"];

export const taskRouter = router({
  list: withPermission("task.read")
    .meta({ openapi: { method: "GET", path: "/tenant/task", tags, summary: "The account's tasks" } })
    .input(z.object({}).optional())
    .output(z.array(ZTask))
    .query(({ ctx }) => tasks.listTasks(ctx.tx, ctx.tenant.id)),
  // Before /tenant/task/{id}: the REST adapter takes the first path that matches.
  suggestions: withPermission("task.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/task/suggested",
        tags,
        summary: "Suggested tasks",
        description:
          "The platform's suggested tasks of the given types (default personnel_help and management_help), each with `created` when an undone task made from it exists. With `surveyKey`: report suggestions only for that survey type's categories whose band matches their SWOT type, each with the `finding` it answers, weakest first, and `dueDate` = the survey's last day + 7. With `latest=true` (types default to report): the suggestions that answer a finding of the newest started survey of each type, weakest first. `category` keeps those of one category and its subcategories; `question` (with `surveyKey`) those of the question's category or its ancestors whose SWOT type is the question's band. `limit` and `used` give the plan's cap (FREE: 5).",
      },
    })
    .input(
      z
        .object({
          types: z
            .union([z.array(z.enum(STATIC_TASK_TYPES)), z.enum(STATIC_TASK_TYPES)])
            .transform((t) => (Array.isArray(t) ? t : [t]))
            .optional(),
          surveyKey: z.string().min(1).max(64).optional(),
          category: z.string().min(1).max(100).optional(),
          question: z.string().min(1).max(100).optional(),
          latest: z
            .union([z.boolean(), z.enum(["true", "false"])])
            .transform((v) => v === true || v === "true")
            .optional(),
        })
        .optional(),
    )
    .output(ZSuggestions)
    .query(({ ctx, input }) => listSuggestions(ctx.tx, ctx.tenant, input ?? {})),
  loop: withPermission("task.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/task/loop",
        tags,
        summary: "From findings to action: how the loop is doing",
        description:
          "For the newest started survey of each type: its weaknesses and opportunities, how many have a task of that survey and category, how many of those tasks are done, and the days from the survey's end to its first task.",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZLoopStatus))
    .query(({ ctx }) => latestLoops(ctx.tx, ctx.tenant.id)),
  categories: withPermission("task.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/category",
        tags,
        summary: "The category tree, for the task board",
        description: "Every category sorted by order, with names and descriptions in the five languages.",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZCategory))
    .query(({ ctx }) => listCategories(ctx.tx)),
  questionOptions: withPermission("task.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/task/questions",
        tags,
        summary: "Questions a task may name",
        description:
          "The SLIDER and CHOICE_SINGLE questions of the active survey templates (both types; no groups), personnel first, each in the template's order with its group's title and its title in the caller's language (English where there is none). A task's `surveyQuestion`, when given or changed, must be one of these keys (`tasks.question_unknown`).",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZQuestionOption))
    .query(({ ctx }) => questionOptions(ctx.tx, ctx.user.language)),
  get: withPermission("task.read")
    .meta({ openapi: { method: "GET", path: "/tenant/task/{id}", tags, summary: "One task" } })
    .input(ZId)
    .output(ZTask)
    .query(({ ctx, input }) => tasks.getTask(ctx.tx, ctx.tenant.id, input.id)),
  create: withPermission("task.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/task",
        tags,
        summary: "Create a task",
        description:
          "An own task (type manual or a category's) or one from a suggestion (`staticTaskId`; its type, category, SWOT type, question, priority and description are taken from it where not given; a task whose name and description are the suggestion's keeps them in the five languages, `translations`). The name is required (`tasks.name_required`), and a category except for personnel_help and management_help, whose category is cleared (`tasks.category_required`). From a suggestion with `surveyKey` and no `dueDate`, the due date is the survey's last day + 7. FREE accounts: own tasks answer 403 `plan_required` (`feature: ownTasks`), so does a task from a suggestion given another type than the suggestion's, and the 6th task from suggestions too (`feature: suggestedTasks`). A suggestion with an undone task already answers 409 `task_already_created`. `surveyQuestion` must be empty or a key of `GET /tenant/task/questions` (400 `tasks.question_unknown`; a suggestion's own question is taken as it is).",
      },
    })
    .input(ZTaskInput)
    .output(ZTask)
    .mutation(({ ctx, input }) => tasks.createTask(ctx.tx, ctx.tenant, ctx.user.id, input)),
  update: withPermission("task.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/task/{id}",
        tags,
        summary: "Change a task",
        description:
          "Fields left out stay as they are; `status: null` reopens a DONE task. A changed `surveyQuestion` must be empty or a key of `GET /tenant/task/questions` (400 `tasks.question_unknown`); an unchanged one is kept even when its template is no longer active. FREE accounts: a task made from a suggestion keeps its type (another type would make it an own task: 403 `plan_required`, `feature: ownTasks`), and an own task kept from a paid plan is read-only (403 `plan_required`, `feature: ownTasks`; it can still be deleted).",
      },
    })
    .input(ZTaskPatch.extend(ZId.shape))
    .output(ZTask)
    .mutation(({ ctx, input: { id, ...patch } }) => tasks.updateTask(ctx.tx, ctx.tenant, id, patch)),
  delete: withPermission("task.write")
    .meta({
      openapi: { method: "DELETE", path: "/tenant/task/{id}", tags, summary: "Delete a task and its votes" },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await tasks.deleteTask(ctx.tx, ctx.tenant.id, input.id);
      return ok;
    }),
});
