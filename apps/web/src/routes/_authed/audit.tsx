import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../features/audit-log/audit-log-page";
import { FIRST_PAGE } from "../../features/audit-log/audit-query";
import { requireSystemRole } from "../../lib/guards";

/** Every organisation's audit log (issue 20.5): platform admins only. */
export const Route = createFileRoute("/_authed/audit")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.admin.audit.list.queryOptions(FIRST_PAGE)),
      context.queryClient.prefetchQuery(context.trpc.admin.audit.filters.queryOptions({})),
    ]),
  component: PlatformAuditRoute,
});

function PlatformAuditRoute() {
  return <AuditLogPage scope={{ kind: "admin" }} />;
}
