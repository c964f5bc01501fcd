import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ConfirmEmailPage } from "../features/auth/confirm-email-page";

export const Route = createFileRoute("/confirm-email")({
  validateSearch: z.object({ token: z.string().max(100).optional().catch(undefined) }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token ?? ""} />;
}
