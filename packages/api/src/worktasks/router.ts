import {
  WORK_TASK_OBJECTS,
  WORK_TASK_STATUSES,
  ZHelloInput,
  ZWorkTaskInput,
  ZWorkTaskPatch,
} from "@kunto/core";
import { z } from "zod";
import { visibleTo } from "../accounts/members";
import { ok, ZOk } from "../dto";
import { router, withPermission } from "../trpc";
import * as hellos from "./hellos";
import * as worktasks from "./worktasks";

/**
 * Work tasks (document 3 §7 "Work tasks" and "Other"; issue 22). Tenant admins see and change every
 * task; basic members see and change their own (assigned to them or made by them), create none,
 * change the assignee of the tasks they assigned, and delete the tasks assigned to them; read-only
 * members read every task.
 */
const tags = ["worktask"];
const WHO =
  "Tenant admins: every task. Basic members: their own (assigned to them or made by them). Read-only members read every task.";

const ZPerson = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
const ZWorkTask = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  status: z.enum(WORK_TASK_STATUSES),
  assignedUserId: z.uuid().nullable(),
  assignerUserId: z.uuid().nullable(),
  assignedUser: ZPerson.nullable(),
  assignerUser: ZPerson.nullable(),
  object: z.enum(WORK_TASK_OBJECTS).nullable(),
  objectId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
const ZHello = z.object({
  id: z.uuid(),
  msg: z.string(),
  authorUserId: z.uuid().nullable(),
  author: z.string(),
  createdAt: z.iso.datetime(),
});
const ZId = z.object({ id: z.uuid() });
const actorOf = (ctx: {
  user: { id: string };
  tenant: { permissions: Set<import("@kunto/core").Permission> };
}) => ({
  userId: ctx.user.id,
  permissions: ctx.tenant.permissions,
});

const ZPageInput = z.object({
  pageNo: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(50)
    .meta({ description: "Rows a page (the screen offers 50, 100, 500); 0 answers every row." }),
  sortBy: z.string().max(200).optional().meta({
    description:
      "`field:ASC` or `field:DESC`, comma separated; fields createdAt, title, status, assignedUser. Default createdAt:DESC.",
  }),
  searchString: z.string().trim().max(200).nullish(),
  statuses: z.array(z.enum(WORK_TASK_STATUSES)).max(4).nullish(),
  assignedUserIds: z.array(z.uuid()).max(500).nullish(),
});

export const workTaskRouter = router({
  paged: withPermission("worktask.read")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/worktask/paged",
        tags,
        summary: "A page of work tasks",
        description: `${WHO} \`pageNo\` (from 0), \`pageSize\` and \`sortBy\` may be sent in the query or the body; \`searchString\` (title and message, any case), \`statuses\` and \`assignedUserIds\` filter. The answer has the page's \`content\` and \`totalElements\`.`,
      },
    })
    .input(ZPageInput)
    .output(z.object({ content: z.array(ZWorkTask), totalElements: z.number().int() }))
    // A read: a query over POST (the filters travel in the body), cached by the client as any list.
    .query(({ ctx, input }) => worktasks.pageWorkTasks(ctx.tx, ctx.tenant.id, actorOf(ctx), input)),
  // Before /tenant/worktask/{id}: the REST adapter takes the first path that matches.
  assignees: withPermission("worktask.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/worktask/assignees",
        tags,
        summary: "Members a work task can be assigned to",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZPerson))
    .query(({ ctx }) => worktasks.assignees(ctx.tx, ctx.tenant.id, visibleTo(ctx.user.email, ctx.config))),
  list: withPermission("worktask.read")
    .meta({
      openapi: { method: "GET", path: "/tenant/worktask", tags, summary: "Work tasks", description: WHO },
    })
    .input(z.object({}).optional())
    .output(z.array(ZWorkTask))
    .query(({ ctx }) => worktasks.listWorkTasks(ctx.tx, ctx.tenant.id, actorOf(ctx))),
  get: withPermission("worktask.read")
    .meta({ openapi: { method: "GET", path: "/tenant/worktask/{id}", tags, summary: "One work task" } })
    .input(ZId)
    .output(ZWorkTask)
    .query(({ ctx, input }) => worktasks.getWorkTask(ctx.tx, ctx.tenant.id, actorOf(ctx), input.id)),
  create: withPermission("worktask.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/worktask",
        tags,
        summary: "Create a work task",
        description:
          "Tenant admins. Title and message are required (`required_fields`); the status defaults to RECEIVED; the assignee must be a member (`worktask_assignee_unknown`); the caller is the assigner.",
      },
    })
    .input(ZWorkTaskInput)
    .output(ZWorkTask)
    .mutation(({ ctx, input }) => worktasks.createWorkTask(ctx.tx, ctx.tenant.id, actorOf(ctx), input)),
  setStatus: withPermission("worktask.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/worktask/{id}/status",
        tags,
        summary: "Change a work task's status",
        description: "Tenant admins, and basic members for their own tasks.",
      },
    })
    .input(ZId.extend({ status: z.enum(WORK_TASK_STATUSES) }))
    .output(ZWorkTask)
    .mutation(({ ctx, input }) =>
      worktasks.updateWorkTask(ctx.tx, ctx.tenant.id, actorOf(ctx), input.id, { status: input.status }),
    ),
  update: withPermission("worktask.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/worktask/{id}",
        tags,
        summary: "Change a work task",
        description:
          "Tenant admins, and basic members for their own tasks. Fields left out stay as they are. A new assignee only from a tenant admin or the task's assigner (403 `access_denied`).",
      },
    })
    .input(ZWorkTaskPatch.extend(ZId.shape))
    .output(ZWorkTask)
    .mutation(({ ctx, input: { id, ...patch } }) =>
      worktasks.updateWorkTask(ctx.tx, ctx.tenant.id, actorOf(ctx), id, patch),
    ),
  delete: withPermission("worktask.write")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/worktask/{id}",
        tags,
        summary: "Delete a work task",
        description: "Tenant admins, or the task's assignee (403 `access_denied` for others).",
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await worktasks.deleteWorkTask(ctx.tx, ctx.tenant.id, actorOf(ctx), input.id);
      return ok;
    }),
});

export const helloRouter = router({
  list: withPermission("worktask.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/hello",
        tags,
        summary: "Notes on the work-task page",
        description: `Every member; the newest ${hellos.HELLO_LIST_MAX}, newest first.`,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZHello))
    .query(({ ctx }) => hellos.listHellos(ctx.tx, ctx.tenant.id)),
  create: withPermission("worktask.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/hello",
        tags,
        summary: "Leave a note on the work-task page",
        description: "Tenant admins and basic members; `msg` 1 to 500 characters.",
      },
    })
    .input(ZHelloInput)
    .output(ZHello)
    .mutation(({ ctx, input }) => hellos.addHello(ctx.tx, ctx.tenant.id, ctx.user.id, input.msg)),
  delete: withPermission("worktask.write")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/hello/{id}",
        tags,
        summary: "Delete a note",
        description: "Its author or a tenant admin (403 `access_denied` for others).",
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await hellos.deleteHello(ctx.tx, ctx.tenant.id, actorOf(ctx), input.id);
      return ok;
    }),
});
