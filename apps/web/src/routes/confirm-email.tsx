import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "../features/auth/confirm-email-page";
import { text } from "../lib/search-params";

export const Route = createFileRoute("/confirm-email")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: text(search.token, 100),
  }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token ?? ""} />;
}
