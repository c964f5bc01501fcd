import { createFileRoute } from "@tanstack/react-router";
import { CategoriesPage } from "../../features/tasks/categories-page";
import { requireSystemRole } from "../../lib/guards";

/** Categories: platform admins only; others go to access_denied (document 3 §2). */
export const Route = createFileRoute("/_authed/categories")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.category.list.queryOptions()),
  component: CategoriesPage,
});
