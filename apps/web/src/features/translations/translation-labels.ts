import type { AppRouter } from "@kunto/api";
import type { Language } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import type { inferRouterOutputs } from "@trpc/server";

export type TranslationRow = inferRouterOutputs<AppRouter>["translation"]["page"]["items"][number];

/** Column and field names: each language named in the reader's language. */
export const LANGUAGE_COLUMN = {
  en: msg`English`,
  fi: msg`Finnish`,
  ee: msg`Estonian`,
  ru: msg`Russian`,
  pl: msg`Polish`,
} satisfies Record<Language, unknown>;

export const TRANSLATION_ERRORS = {
  loading: msg`Loading the translations failed.`,
  saving: msg`Saving the translation failed.`,
};
