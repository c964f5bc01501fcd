import { NOTIFICATION_TYPES } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { router, withPermission } from "../trpc";
import * as notifications from "./notifications";

/** Document 2 §3 Notification, §7: the signed-in person's notifications in the account. */
const ZNotification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  color: z.enum(["success", "warning", "error", "info"]),
  titleText: z
    .string()
    .meta({ description: "English; the web client shows its own translation of the type." }),
  contentText: z.string(),
  createdAt: z.string(),
});
const tags = ["notification"];

export const notificationRouter = router({
  list: withPermission("tenant.read")
    .meta({
      // The calling person's own: never for an API key (issue 20).
      personal: true,
      openapi: {
        method: "GET",
        path: "/tenant/notification",
        tags,
        summary: "Your unread notifications, newest first",
        description:
          "Made by a scheduled job for the account's admins; a notification whose condition no longer holds is not listed.",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZNotification))
    .query(({ ctx }) => notifications.listNotifications(ctx.tx, ctx.tenant.id, ctx.user.id)),
  read: withPermission("tenant.read")
    .meta({
      // The calling person's own: never for an API key (issue 20).
      personal: true,
      openapi: {
        method: "POST",
        path: "/tenant/notification/{id}/read",
        tags,
        summary: "Mark a notification read",
        description: "Another person's or account's notification answers 404 `not_found`.",
      },
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await notifications.markNotificationRead(ctx.tx, ctx.tenant.id, ctx.user.id, input.id);
      return ok;
    }),
});
