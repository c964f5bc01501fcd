import { createFileRoute, redirect } from "@tanstack/react-router";
import { AccountChooser } from "../../features/start/account-chooser";
import { uuid } from "../../lib/search-params";
import { isPlatformAdmin } from "../../lib/session";

/**
 * The start route (document 1 §2): one account opens it, none leads to creating one (or to
 * the account list for a platform admin), several show the chooser. Open invitations (issue 6.7)
 * always show the chooser, where they are answered; the invitation mail links here.
 */
export const Route = createFileRoute("/_authed/")({
  staticData: { hideNav: true },
  validateSearch: (search: Record<string, unknown>): { invitation?: string } => ({
    invitation: uuid(search.invitation),
  }),
  beforeLoad: async ({ context: { me, queryClient, trpc } }) => {
    const invitations = await queryClient
      .fetchQuery({ ...trpc.user.invitations.queryOptions(), staleTime: 0 })
      .catch(() => []);
    if (invitations.length > 0) return;
    const [only] = me.tenants;
    if (me.tenants.length === 1 && only) {
      throw redirect({ to: "/t/$tenantId/dashboard", params: { tenantId: only.id }, replace: true });
    }
    if (me.tenants.length === 0)
      throw redirect({ to: isPlatformAdmin(me) ? "/tenants" : "/new_account", replace: true });
  },
  component: StartRoute,
});

function StartRoute() {
  const { invitation } = Route.useSearch();
  return <AccountChooser highlight={invitation} />;
}
