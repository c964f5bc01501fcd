import { createFileRoute, redirect } from "@tanstack/react-router";
import { DeliveryLogPage } from "../../../../features/webhooks/delivery-log-page";
import { firstDeliveryPage } from "../../../../features/webhooks/delivery-query";
import { isPlatformAdmin } from "../../../../lib/session";

/**
 * A webhook endpoint's delivery log (issue 20.4): whoever manages the organisation's webhooks, its
 * admins and platform admins (as the settings page's card).
 */
export const Route = createFileRoute("/_authed/t/$tenantId/webhooks/$endpointId")({
  beforeLoad: ({ context }) => {
    if (!isPlatformAdmin(context.me) && !context.tenant.permissions.has("tenant.webhooks.manage"))
      throw redirect({ to: "/access_denied", replace: true });
  },
  // Prefetch without throwing: a failed load is shown inside the page with a retry.
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.webhook.list.queryOptions()),
      context.queryClient.prefetchQuery(
        context.trpc.webhook.deliveries.queryOptions(firstDeliveryPage(params.endpointId)),
      ),
    ]),
  component: DeliveryLogRoute,
});

function DeliveryLogRoute() {
  const { tenantId, endpointId } = Route.useParams();
  return <DeliveryLogPage tenantId={tenantId} endpointId={endpointId} />;
}
