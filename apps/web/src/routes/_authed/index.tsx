import { createFileRoute, redirect } from "@tanstack/react-router";
import { AccountChooser } from "../../features/start/account-chooser";
import { isPlatformAdmin } from "../../lib/session";

/**
 * The start route (document 1 §2): one account opens it, none leads to creating one (or to
 * the account list for a platform admin), several show the chooser.
 */
export const Route = createFileRoute("/_authed/")({
  staticData: { hideNav: true },
  beforeLoad: ({ context: { me } }) => {
    const [only] = me.tenants;
    if (me.tenants.length === 1 && only) {
      throw redirect({ to: "/t/$tenantId/dashboard", params: { tenantId: only.id }, replace: true });
    }
    if (me.tenants.length === 0)
      throw redirect({ to: isPlatformAdmin(me) ? "/tenants" : "/new_account", replace: true });
  },
  component: AccountChooser,
});
