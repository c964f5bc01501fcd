import { z } from "zod";
import { ok, ZOk } from "../dto";
import { respondentProcedure, router, withPermission } from "../trpc";
import { ZId, ZSession, ZVote } from "./schemas";
import * as votes from "./votes";

/** Task voting (document 3 §7): the account's calls and the public voting page's. */
const tags = ["task voting"];
const ZVoteResult = z.object({ taskId: z.string(), voted: z.boolean(), voteCount: z.number().int() });
const ZVotingLinkKey = z.object({
  key: z.string().meta({
    description:
      "What the voting page's link ends in (`/public/#/tasks/vote/{key}`): the organisation's voting key, or its id before the first rotation.",
  }),
});

export const taskVoteRouter = router({
  list: withPermission("task.read")
    .meta({ openapi: { method: "GET", path: "/tenant/taskvoting", tags, summary: "The account's votes" } })
    .input(z.object({}).optional())
    .output(z.array(ZVote))
    .query(({ ctx }) => votes.listVotes(ctx.tx, ctx.tenant.id)),
  byTask: withPermission("task.read")
    .meta({
      openapi: { method: "GET", path: "/tenant/taskvoting/bytask/{taskId}", tags, summary: "A task's votes" },
    })
    .input(z.object({ taskId: z.uuid() }))
    .output(z.array(ZVote))
    .query(({ ctx, input }) => votes.votesByTask(ctx.tx, ctx.tenant.id, input.taskId)),
  // Before /tenant/taskvoting/{id}: the REST adapter takes the first path that matches.
  link: withPermission("task.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/taskvoting/link",
        tags,
        summary: "The voting page's link key",
        description:
          "The key the public voting page is addressed by: the organisation's voting key, or its id until an admin first gives it a new link (issue 17.10).",
      },
    })
    .input(z.object({}).optional())
    .output(ZVotingLinkKey)
    .query(({ ctx }) => votes.votingLink(ctx.tx, ctx.tenant.id)),
  rotateLink: withPermission("task.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/taskvoting/link",
        tags,
        summary: "Give the voting page a new link",
        description:
          "Sets a new voting key and answers it. The previous link (the previous key, or the organisation's id before the first rotation) stops working at once: its calls answer 404 `not_found`. Votes already given stay.",
      },
    })
    .input(z.object({}).optional())
    .output(ZVotingLinkKey)
    .mutation(({ ctx }) => votes.rotateVotingLink(ctx.tx, ctx.tenant.id, ctx.user.id)),
  get: withPermission("task.read")
    .meta({ openapi: { method: "GET", path: "/tenant/taskvoting/{id}", tags, summary: "One vote" } })
    .input(ZId)
    .output(ZVote)
    .query(({ ctx, input }) => votes.getVote(ctx.tx, ctx.tenant.id, input.id)),
  setBySession: withPermission("task.write")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/taskvoting/bysession/{session}",
        tags,
        summary: "Set a browser token's votes",
        description:
          "The token's votes become exactly `taskIds`; answers the task ids it has voted for. A new vote for a DONE task answers 409 `task_done` (and changes nothing); an existing one may be removed.",
      },
    })
    .input(z.object({ session: ZSession, taskIds: z.array(z.uuid()).max(500) }))
    .output(z.object({ taskIds: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({
      taskIds: await votes.setSessionVotes(ctx.tx, ctx.tenant.id, input.session, input.taskIds),
    })),
  create: withPermission("task.write")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/taskvoting",
        tags,
        summary: "Vote for a task",
        description:
          "One vote per browser token and task: a repeated vote changes nothing. A DONE task takes no votes: 409 `task_done`.",
      },
    })
    .input(z.object({ taskId: z.uuid(), session: ZSession }))
    .output(ZVoteResult)
    .mutation(({ ctx, input }) => votes.addVote(ctx.tx, ctx.tenant.id, input.taskId, input.session)),
  delete: withPermission("task.write")
    .meta({ openapi: { method: "DELETE", path: "/tenant/taskvoting/{id}", tags, summary: "Delete a vote" } })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await votes.removeVote(ctx.tx, ctx.tenant.id, { id: input.id });
      return ok;
    }),
});

const publicTags = ["public task voting"];
const ZPublicTask = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  category: z.string().nullable(),
  topCategory: z.string().nullable(),
  categoryName: z.string().nullable().meta({ description: "The top-level category's name in `lang`." }),
  status: z
    .enum(["DONE"])
    .nullable()
    .meta({ description: 'DONE: the organisation did it ("you said, we did").' }),
  voteCount: z.number().int(),
  voted: z.boolean(),
});

/**
 * What names the organisation in a public voting call (issue 17.10). Still called `tenantId`, the
 * name document 3's link shape gives it.
 */
const ZVotingLink = z
  .string()
  .min(1)
  .max(100)
  .regex(/^(?:[a-z2-7]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i)
  .meta({
    description:
      "The organisation's voting key, as in its voting link (`GET /api/tenant/taskvoting/link`), or its id while it has no voting key yet (before an admin first gives it a new link). An unknown, replaced or inactive one answers 404 `not_found`.",
  });

/**
 * The public voting page at /public/#/tasks/vote/{key}: no sign-in, no cookie. A browser's
 * random token (`session`) is stored only as its SHA-256; votes are rate limited per address.
 */
export const publicTaskVotingRouter = router({
  tasks: respondentProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shared/taskvoting/tasks",
        tags: publicTags,
        summary: "The voting page's tasks",
        description:
          "The organisation's name and its tasks (open first, then done), each with its vote count and whether this browser's token has voted. An unknown, replaced or inactive voting key (or organisation id) answers 404 `not_found`.",
      },
    })
    .input(
      z.object({
        tenantId: ZVotingLink,
        session: ZSession.optional(),
        lang: z.enum(["en", "fi", "ee", "ru", "pl"]).default("en"),
      }),
    )
    .output(z.object({ tenantName: z.string(), tasks: z.array(ZPublicTask) }))
    .query(({ ctx, input }) =>
      votes.publicVotingTasks(ctx.db, input.tenantId, input.session ?? null, input.lang),
    ),
  bySession: respondentProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shared/taskvoting/bysession/{session}",
        tags: publicTags,
        summary: "The tasks a browser token voted for",
      },
    })
    .input(z.object({ session: ZSession, tenantId: ZVotingLink }))
    .output(z.object({ taskIds: z.array(z.string()) }))
    .query(({ ctx, input }) => votes.publicSessionVotes(ctx.db, input.tenantId, input.session)),
  vote: respondentProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shared/taskvoting",
        tags: publicTags,
        summary: "Vote for a task",
        description:
          "One vote per browser token and task, however many times (or how concurrently) it is sent. A DONE task takes no votes (409 `task_done`), as the page shows it without a vote button. A task of another organisation answers 404 `not_found`; too many votes from one address 429 `too_many_requests`.",
      },
    })
    .input(z.object({ tenantId: ZVotingLink, taskId: z.uuid(), session: ZSession }))
    .output(ZVoteResult)
    .mutation(({ ctx, input }) => votes.publicVote(ctx.db, ctx.ip, input)),
  unvote: respondentProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/shared/taskvoting/bysession/{session}/{taskId}",
        tags: publicTags,
        summary: "Withdraw a vote",
        description:
          "Withdrawing a vote that was not cast changes nothing. A DONE task keeps its votes (409 `task_done`): the page offers nothing on it.",
      },
    })
    .input(z.object({ tenantId: ZVotingLink, taskId: z.uuid(), session: ZSession }))
    .output(ZVoteResult)
    .mutation(({ ctx, input }) => votes.publicUnvote(ctx.db, ctx.ip, input)),
});
