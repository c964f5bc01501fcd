import { createFileRoute } from "@tanstack/react-router";
import { StaticTasksPage } from "../../features/tasks/static-tasks-page";
import { requireSystemRole } from "../../lib/guards";

/** Static (suggested) task management: platform admins only (document 3 §2). */
export const Route = createFileRoute("/_authed/tasksmanagement")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.staticTask.list.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.category.list.queryOptions()),
    ]),
  component: StaticTasksPage,
});
