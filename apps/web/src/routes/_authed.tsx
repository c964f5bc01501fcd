import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "../components/app-layout";
import { syncUserLanguage } from "../lib/i18n";
import { loadMe } from "../lib/me";
import { loadSignInPage } from "../lib/redirect";
import { reconcileTenant } from "../lib/tenant";
import { trpcClient, useTRPC } from "../lib/trpc";

/** Everything behind sign-in: loads the user once, then the app frame. */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location }) => {
    const me = await loadMe(context.queryClient, context.trpc);
    if (!me) {
      return loadSignInPage(location.href === "/" ? {} : { redirect: location.href });
    }
    reconcileTenant(
      me.tenants.map((tenant) => tenant.id),
      context.queryClient,
    );
    // The demo user is shared by every visitor, so their language lives only in their browser.
    const keep = me.isDemo ? null : await syncUserLanguage(me.language);
    if (keep) {
      // A language picked on the sign-in page is saved as the user's own.
      context.queryClient.setQueryData(context.trpc.user.me.queryKey(), { ...me, language: keep });
      void trpcClient.user.setLanguage.mutate({ language: keep }).catch(() => undefined);
    }
    return { me };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const trpc = useTRPC();
  const { data: me } = useSuspenseQuery(trpc.user.me.queryOptions());
  return (
    <AppLayout me={me}>
      <Outlet />
    </AppLayout>
  );
}
