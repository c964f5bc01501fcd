import { type ADMIN_PAGE_SIZES, MESSAGE_CATEGORIES, ZMessageInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { ZId } from "../tasks/schemas";
import { adminProcedure, authedProcedure, router } from "../trpc";
import * as messages from "./messages";

/** Message center (document 3 §7): published messages for everyone signed in, the rest for platform admins. */
const ZMessage = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string().meta({ description: "Markdown." }),
  category: z.enum(MESSAGE_CATEGORIES),
  author: z.string(),
  published: z.boolean(),
  sticky: z.boolean(),
  createdAt: z.iso.datetime(),
});
const ZMessageRow = ZMessage.omit({ message: true }).extend({
  preview: z.string().meta({ description: "The message's first 100 characters." }),
  truncated: z.boolean().meta({ description: "The message is longer than its preview." }),
});
/** A query parameter is a string: the admin page sizes (document 3 §9) or every row. */
const PAGE_SIZES = ["50", "100", "500", "all"] as const satisfies readonly (
  | `${(typeof ADMIN_PAGE_SIZES)[number]}`
  | "all"
)[];
const ZPageSize = z
  .enum(PAGE_SIZES)
  .default(PAGE_SIZES[0])
  .meta({ description: "50, 100, 500 or all.", examples: ["50"] });
const tags = ["message center"];
const WHO = "Any signed-in person (not an API key).";

export const messageCenterRouter = router({
  // Before `get`: GET /messagecenter/latest and /admin would otherwise match /messagecenter/{id}.
  latest: authedProcedure
    .meta({
      personal: true,
      openapi: {
        method: "GET",
        path: "/messagecenter/latest",
        tags,
        summary: "The newest published message's time and your unread count",
        description: `${WHO} \`unread\` counts the messages published since you last opened the message center (\`readAt\`, stored by POST /messagecenter/read); every published message when never.`,
      },
    })
    .input(z.object({}).optional())
    .output(
      z.object({
        latestPublishedAt: z.iso.datetime().nullable(),
        readAt: z.iso.datetime().nullable(),
        unread: z.number().int(),
      }),
    )
    .query(({ ctx }) => messages.latest(ctx.tx, ctx.user.id)),
  markRead: authedProcedure
    .meta({
      personal: true,
      openapi: {
        method: "POST",
        path: "/messagecenter/read",
        tags,
        summary: "Store now as your latest-messages-read",
        description: `${WHO} Called when the message center is opened; the unread count starts again from zero.`,
      },
    })
    .input(z.object({}).optional())
    .output(z.object({ readAt: z.iso.datetime() }))
    .mutation(({ ctx }) => messages.markRead(ctx.tx, ctx.user.id)),
  admin: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/messagecenter/admin",
        tags,
        summary: "Every message, newest first (platform admins)",
        description: "Published or not. Pages of `pageSize` (50, 100, 500 or all) from `page` (1-based).",
      },
    })
    .input(
      z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: ZPageSize }),
    )
    .output(
      z.object({
        total: z.number().int(),
        page: z.number().int(),
        items: z.array(ZMessageRow),
      }),
    )
    .query(({ ctx, input }) =>
      messages.listAll(ctx.tx, input.page, input.pageSize === "all" ? "all" : Number(input.pageSize)),
    ),
  list: authedProcedure
    .meta({
      personal: true,
      openapi: {
        method: "GET",
        path: "/messagecenter",
        tags,
        summary: "Published messages, sticky first, then newest first",
        description: WHO,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZMessage))
    .query(({ ctx }) => messages.listPublished(ctx.tx)),
  get: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/messagecenter/{id}", tags, summary: "One message (platform admins)" },
    })
    .input(ZId)
    .output(ZMessage)
    .query(({ ctx, input }) => messages.getMessage(ctx.tx, input.id)),
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/messagecenter",
        tags,
        summary: "Create a message (platform admins)",
        description:
          "Category (default release_notes), author, title and message are required (400 `validation_failed` with `fields`). New messages are unpublished and not sticky unless said.",
      },
    })
    .input(ZMessageInput)
    .output(ZMessage)
    .mutation(({ ctx, input }) => messages.createMessage(ctx.tx, input)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/messagecenter/{id}",
        tags,
        summary: "Change a message (platform admins)",
        description: "The whole message, as for create. Publishing it again makes it unread for everyone.",
      },
    })
    .input(ZMessageInput.extend(ZId.shape))
    .output(ZMessage)
    .mutation(({ ctx, input: { id, ...body } }) => messages.updateMessage(ctx.tx, id, body)),
  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/messagecenter/{id}",
        tags,
        summary: "Delete a message (platform admins)",
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await messages.deleteMessage(ctx.tx, input.id);
      return ok;
    }),
});
