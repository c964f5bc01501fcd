import { createFileRoute, redirect } from "@tanstack/react-router";
import { CategoryReportPage } from "../../../../../../../features/reports/category-report-page";
import { CATEGORY_ROUTES, readReportSearch } from "../../../../../../../features/reports/report-model";
import { requireTenantPermission } from "../../../../../../../lib/guards";

/**
 * Category report (document 2 §2): /reports/rg/{category}/{subcategory?}; category is one of
 * efficiency, capability, leadership, economy_customers, culture.
 */
export const Route = createFileRoute("/_authed/t/$tenantId/reports/rg/$category/{-$subcategory}")({
  validateSearch: readReportSearch,
  beforeLoad: (options) => {
    requireTenantPermission("report.read")(options);
    if (!(CATEGORY_ROUTES as readonly string[]).includes(options.params.category))
      throw redirect({
        to: "/t/$tenantId/reports",
        params: { tenantId: options.params.tenantId },
        replace: true,
      });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.report.options.queryOptions()),
  component: CategoryReportRoute,
});

function CategoryReportRoute() {
  const { tenantId, category, subcategory } = Route.useParams();
  const search = Route.useSearch();
  return (
    <CategoryReportPage tenantId={tenantId} category={category} subcategory={subcategory} search={search} />
  );
}
