import { createFileRoute, redirect } from "@tanstack/react-router";
import { SignupPage } from "../features/auth/signup-page";
import { loadMe } from "../lib/me";
import { text } from "../lib/search-params";

export const Route = createFileRoute("/signup")({
  /** An invitation mail to an address without an account links here with the address filled in. */
  validateSearch: (
    search: Record<string, unknown>,
  ): { email?: string; firstName?: string; lastName?: string } => ({
    email: text(search.email, 254),
    firstName: text(search.firstName, 100),
    lastName: text(search.lastName, 100),
  }),
  beforeLoad: async ({ context }) => {
    if (await loadMe(context.queryClient, context.trpc)) throw redirect({ to: "/", replace: true });
  },
  component: SignupRoute,
});

function SignupRoute() {
  return <SignupPage initial={Route.useSearch()} />;
}
