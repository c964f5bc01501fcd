import { createFileRoute } from "@tanstack/react-router";
import { UsersPage } from "../../features/admin-users/users-page";
import { requireSystemRole } from "../../lib/guards";

/** User management: platform admins only (document 1 §2). */
export const Route = createFileRoute("/_authed/users")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.admin.users.queryOptions()),
  component: UsersPage,
});
