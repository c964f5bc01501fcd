import { createFileRoute, redirect } from "@tanstack/react-router";
import { tenantOf } from "../../../../lib/session";
import { setTenantId } from "../../../../lib/tenant";

/**
 * Account pages. The account in the URL must be one of the user's active accounts; it then
 * becomes the chosen account, which the tRPC link sends as X-tenant-id.
 */
export const Route = createFileRoute("/_authed/t/$tenantId")({
  beforeLoad: ({ context, params, preload }) => {
    const tenant = tenantOf(context.me, params.tenantId);
    if (!tenant?.active) throw redirect({ to: "/access_denied", replace: true });
    if (!preload) setTenantId(tenant.id, context.queryClient);
    return { tenant };
  },
});
