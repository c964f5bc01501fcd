import { ADMIN_PAGE_SIZES } from "@kunto/core";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { canReadTranslations, translationPageInput } from "../../features/translations/access";
import { TranslationsPage } from "../../features/translations/translations-page";

/** The translations editor: platform admins edit, tenant admins read; others go to access_denied (document 3 §6). */
export const Route = createFileRoute("/_authed/translations")({
  beforeLoad: ({ context }) => {
    if (!context.me || !canReadTranslations(context.me))
      throw redirect({ to: "/access_denied", replace: true });
  },
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(
      context.trpc.translation.page.queryOptions(translationPageInput(1, ADMIN_PAGE_SIZES[0], "")),
    ),
  component: TranslationsPage,
});
