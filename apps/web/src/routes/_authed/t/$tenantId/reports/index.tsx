import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ZReportSearch } from "../../../../../features/reports/report-model";
import { ReportsOverviewPage } from "../../../../../features/reports/reports-overview-page";
import { requireTenantPermission } from "../../../../../lib/guards";

export const Route = createFileRoute("/_authed/t/$tenantId/reports/")({
  validateSearch: ZReportSearch.extend({
    /** Document 2 §2: the route asks to scroll to the input map (the dashboard's fitness card links here). */
    inputMap: z.union([z.boolean(), z.string(), z.number()]).optional().catch(undefined),
  }),
  beforeLoad: requireTenantPermission("report.read"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.report.options.queryOptions()),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { tenantId } = Route.useParams();
  const { inputMap, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsOverviewPage
      tenantId={tenantId}
      search={search}
      scrollToInputMap={inputMap !== undefined && inputMap !== false && inputMap !== "false"}
      onSearch={(patch) =>
        void navigate({
          search: (previous) => ({ ...previous, ...patch, inputMap: undefined }),
          replace: true,
        })
      }
    />
  );
}
