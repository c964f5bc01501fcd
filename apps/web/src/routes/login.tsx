import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { LoginPage } from "../features/auth/login-page";
import { loadMe } from "../lib/me";
import { safeRedirect } from "../lib/redirect";

const ZLoginSearch = z.object({
  redirect: z.string().optional().catch(undefined),
  email_confirmed: z.union([z.number(), z.string()]).optional().catch(undefined),
});

export const Route = createFileRoute("/login")({
  validateSearch: ZLoginSearch,
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
