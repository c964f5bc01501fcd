import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPage } from "../features/auth/login-page";
import { loadMe } from "../lib/me";
import { safeRedirect } from "../lib/redirect";
import { text, textOrNumber } from "../lib/search-params";

export const Route = createFileRoute("/login")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; email_confirmed?: string | number } => ({
    redirect: text(search.redirect, 2000),
    email_confirmed: textOrNumber(search.email_confirmed),
  }),
  // An already signed-in user goes on to the start route (document 1 §2).
  beforeLoad: async ({ context, search }) => {
    const me = await loadMe(context.queryClient, context.trpc);
    if (me) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return (
    <LoginPage
      redirectTo={safeRedirect(search.redirect)}
      emailConfirmed={String(search.email_confirmed) === "1"}
    />
  );
}
