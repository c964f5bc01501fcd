import { createFileRoute } from "@tanstack/react-router";
import { WorkTasksPage } from "../../../../features/worktasks/worktasks-page";
import { FIRST_STATE, pagedInput } from "../../../../features/worktasks/worktasks-query";
import { requireTenantPermission } from "../../../../lib/guards";

/** Work tasks (document 3 §2, issue 22): every member reads; what each sees is the server's rule (§6). */
export const Route = createFileRoute("/_authed/t/$tenantId/worktasks")({
  beforeLoad: requireTenantPermission("worktask.read"),
  // Prefetch without throwing: a failed load is shown inside the page with a retry.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.workTask.paged.queryOptions(pagedInput(FIRST_STATE))),
      context.queryClient.prefetchQuery(context.trpc.workTask.assignees.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.hello.list.queryOptions()),
    ]),
  component: WorkTasksRoute,
});

function WorkTasksRoute() {
  const { tenantId } = Route.useParams();
  return <WorkTasksPage tenantId={tenantId} />;
}
