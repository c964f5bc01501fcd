import { ADMIN_PAGE_SIZES } from "@kunto/core";
import { createFileRoute } from "@tanstack/react-router";
import { AdminMessagesPage } from "../../../features/messages/admin-messages-page";
import { adminPageInput } from "../../../features/messages/admin-query";
import { requireSystemRole } from "../../../lib/guards";

/** The message center's admin list: platform admins only; others go to access_denied (document 3 §2). */
export const Route = createFileRoute("/_authed/adminmessagecenter/")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(
      context.trpc.messageCenter.admin.queryOptions(adminPageInput(1, ADMIN_PAGE_SIZES[0])),
    ),
  component: AdminMessagesPage,
});
