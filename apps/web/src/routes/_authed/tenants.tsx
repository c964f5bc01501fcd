import { createFileRoute } from "@tanstack/react-router";
import { TenantsPage } from "../../features/admin-tenants/tenants-page";
import { requireSystemRole } from "../../lib/guards";

/** Account list: platform admins only (document 1 §2). */
export const Route = createFileRoute("/_authed/tenants")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.admin.tenants.queryOptions()),
  component: TenantsPage,
});
