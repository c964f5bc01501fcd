import { createFileRoute } from "@tanstack/react-router";
import { readBoardSearch } from "../../../../../features/tasks/task-model";
import { TasksBoardPage } from "../../../../../features/tasks/tasks-board-page";
import { requireTenantPermission } from "../../../../../lib/guards";

/** The task board (document 3 §2 tenant_tasks); every filter lives in the URL. */
export const Route = createFileRoute("/_authed/t/$tenantId/tasks/")({
  validateSearch: readBoardSearch,
  beforeLoad: requireTenantPermission("task.read"),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.task.list.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.task.categories.queryOptions()),
    ]),
  component: TasksRoute,
});

function TasksRoute() {
  const { tenantId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TasksBoardPage
      tenantId={tenantId}
      search={search}
      onSearch={(next) => navigate({ search: next, replace: true })}
    />
  );
}
