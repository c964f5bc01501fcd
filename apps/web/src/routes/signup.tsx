import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { SignupPage } from "../features/auth/signup-page";
import { loadMe } from "../lib/me";

/** An invitation mail to an address without an account links here with the address filled in. */
const ZSignupSearch = z.object({
  email: z.string().max(254).optional().catch(undefined),
  firstName: z.string().max(100).optional().catch(undefined),
  lastName: z.string().max(100).optional().catch(undefined),
});

export const Route = createFileRoute("/signup")({
  validateSearch: ZSignupSearch,
  beforeLoad: async ({ context }) => {
    if (await loadMe(context.queryClient, context.trpc)) throw redirect({ to: "/", replace: true });
  },
  component: SignupRoute,
});

function SignupRoute() {
  return <SignupPage initial={Route.useSearch()} />;
}
