import { createFileRoute } from "@tanstack/react-router";
import { type ReportSearch, readReportSearch } from "../../../../../features/reports/report-model";
import { ReportsOverviewPage } from "../../../../../features/reports/reports-overview-page";
import { requireTenantPermission } from "../../../../../lib/guards";
import { textOrNumber } from "../../../../../lib/search-params";

export const Route = createFileRoute("/_authed/t/$tenantId/reports/")({
  validateSearch: (
    search: Record<string, unknown>,
  ): ReportSearch & { inputMap?: boolean | string | number } => ({
    ...readReportSearch(search),
    /** Document 2 §2: the route asks to scroll to the input map (the dashboard's fitness card links here). */
    inputMap: typeof search.inputMap === "boolean" ? search.inputMap : textOrNumber(search.inputMap),
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
