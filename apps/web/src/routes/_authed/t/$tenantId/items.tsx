import { ITEM_TYPES } from "@kunto/core";
import { createFileRoute } from "@tanstack/react-router";
import { ItemsPage } from "../../../../features/items/items-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** Items (document 3 §2, issue 22): tenant admins only (§6); others go to access_denied. */
export const Route = createFileRoute("/_authed/t/$tenantId/items")({
  beforeLoad: requireTenantPermission("item.manage"),
  // Prefetch without throwing: a failed load is shown inside the page with a retry.
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.trpc.item.byTypes.queryOptions({ types: [...ITEM_TYPES] })),
  component: ItemsPage,
});
