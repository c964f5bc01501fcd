import { createFileRoute } from "@tanstack/react-router";
import { text, textOrNumber } from "../lib/search-params";

/** The path this document was loaded at, before any move inside the app. */
const documentPath = location.pathname;

/**
 * Sign-in is a page of its own (sign-in.html, served at /login; docs/decisions.md "The light
 * sign-in page"), so a move here inside the app loads that page. The search (`redirect`,
 * `email_confirmed`) goes along; it is read there.
 */
export const Route = createFileRoute("/login")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; email_confirmed?: string | number } => ({
    redirect: text(search.redirect, 2000),
    email_confirmed: textOrNumber(search.email_confirmed),
  }),
  beforeLoad: ({ location: to }) => {
    // This app was itself loaded at /login (a server that does not answer it with the sign-in
    // page): asking for /login again would loop, so the page is asked for by its file name.
    const page = documentPath === "/login" ? "/sign-in.html" : "/login";
    window.location.replace(`${page}${to.searchStr}`);
    // Nothing renders while the browser loads the page.
    return new Promise<never>(() => {});
  },
});
