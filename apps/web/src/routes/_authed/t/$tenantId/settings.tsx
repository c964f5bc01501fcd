import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AccountSettingsPage } from "../../../../features/account-settings/account-settings-page";
import { requireTenantPermission } from "../../../../lib/guards";

/** `?openModalOnMount=true` (or 1) opens the edit dialog on load (document 1 §2). */
const ZSettingsSearch = z.object({
  openModalOnMount: z
    .union([z.boolean(), z.number(), z.string()])
    .optional()
    .transform((value) => (value === undefined ? undefined : ["true", "1"].includes(String(value))))
    .catch(undefined),
});

export const Route = createFileRoute("/_authed/t/$tenantId/settings")({
  validateSearch: ZSettingsSearch,
  beforeLoad: requireTenantPermission("tenant.update"),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.tenant.current.queryOptions()),
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  const { tenantId } = Route.useParams();
  const { openModalOnMount } = Route.useSearch();
  return <AccountSettingsPage tenantId={tenantId} openModalOnMount={openModalOnMount === true} />;
}
