import { createFileRoute } from "@tanstack/react-router";
import { readBoardSearch } from "../../../../../features/tasks/task-model";
import { TasksBoardPage } from "../../../../../features/tasks/tasks-board-page";
import { requireTenantPermission } from "../../../../../lib/guards";

/** The task board with its category filter pre-set by the route parameter (document 3 §2). */
export const Route = createFileRoute("/_authed/t/$tenantId/tasks/$category")({
  validateSearch: readBoardSearch,
  beforeLoad: requireTenantPermission("task.read"),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.task.list.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.task.categories.queryOptions()),
    ]),
  component: CategoryTasksRoute,
});

function CategoryTasksRoute() {
  const { tenantId, category } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TasksBoardPage
      tenantId={tenantId}
      category={category}
      search={search}
      onSearch={(next) => navigate({ search: next, replace: true })}
    />
  );
}
