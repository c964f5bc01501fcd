import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../../../features/audit-log/audit-log-page";
import { FIRST_PAGE } from "../../../../features/audit-log/audit-query";
import { requireTenantPermission } from "../../../../lib/guards";

/** The organisation's audit log (issue 20.5): tenant admins (the permission that shows its people). */
export const Route = createFileRoute("/_authed/t/$tenantId/audit")({
  beforeLoad: requireTenantPermission("tenant.users.read"),
  // Prefetch without throwing: a failed load is shown inside the page with a retry.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.audit.list.queryOptions(FIRST_PAGE)),
      context.queryClient.prefetchQuery(context.trpc.audit.filters.queryOptions()),
    ]),
  component: AuditRoute,
});

function AuditRoute() {
  const { tenantId } = Route.useParams();
  return <AuditLogPage scope={{ kind: "tenant", tenantId }} />;
}
