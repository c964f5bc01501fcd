import { createFileRoute } from "@tanstack/react-router";
import { loadSignInPage } from "../lib/redirect";
import { text, textOrNumber } from "../lib/search-params";

/**
 * Sign-in is a page of its own (sign-in.html, served at /login; docs/decisions.md "The light
 * sign-in page"), so a link here inside the app loads that page. The search (`redirect`,
 * `email_confirmed`) goes along; it is read there. Moves made by code call `loadSignInPage`
 * directly, so the address does not show /login before the page loads.
 */
export const Route = createFileRoute("/login")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; email_confirmed?: string | number } => ({
    redirect: text(search.redirect, 2000),
    email_confirmed: textOrNumber(search.email_confirmed),
  }),
  beforeLoad: ({ search }) => loadSignInPage(search),
});
