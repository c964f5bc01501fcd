import { createFileRoute, redirect } from "@tanstack/react-router";
import { SignupPage } from "../features/auth/signup-page";
import { loadMe } from "../lib/me";

export const Route = createFileRoute("/signup")({
  beforeLoad: async ({ context }) => {
    if (await loadMe(context.queryClient, context.trpc)) throw redirect({ to: "/", replace: true });
  },
  component: SignupPage,
});
