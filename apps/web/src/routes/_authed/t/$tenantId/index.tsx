import { createFileRoute, redirect } from "@tanstack/react-router";

/** tenant_start: the account's front page is its dashboard. */
export const Route = createFileRoute("/_authed/t/$tenantId/")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/t/$tenantId/dashboard", params, replace: true });
  },
});
