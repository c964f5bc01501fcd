import type { Language } from "@kunto/core";
import type { I18n, Messages } from "@lingui/core";

/**
 * The interface texts a platform admin changed in the translations editor (docs/decisions.md
 * "Translations editor"): compiled messages from the server, loaded over a built-in catalog by the
 * app, the sign-in page and the respondent page alike. A plain fetch (no client code of its own);
 * when it fails the catalog alone is used.
 */
const fetched: Partial<Record<Language, Messages>> = {};

/** How long a first render waits for the overrides before showing the catalog alone. */
export const OVERRIDES_WAIT_MS = 300;

/** Asks the server for a language's overrides (again); `{}` when it cannot answer. */
export function fetchInterfaceOverrides(language: Language): Promise<Messages> {
  return fetch(`/api/translation/${language}/interface`, { signal: AbortSignal.timeout(10_000) })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((body: { messages?: Messages } | null) => {
      fetched[language] = body?.messages ?? {};
      return fetched[language];
    })
    .catch(() => ({}));
}

/** The overrides already fetched for a language, if any. */
export const interfaceOverrides = (language: Language): Messages | undefined => fetched[language];

/**
 * The language's overrides when they come within OVERRIDES_WAIT_MS (else `{}`), and a promise of
 * them for loading late ones.
 */
export function overridesForFirstRender(language: Language): {
  now: Promise<Messages>;
  later: Promise<Messages>;
} {
  const known = fetched[language];
  if (known) return { now: Promise.resolve(known), later: Promise.resolve(known) };
  const later = fetchInterfaceOverrides(language);
  const now = Promise.race([
    later,
    new Promise<Messages>((resolve) => setTimeout(() => resolve({}), OVERRIDES_WAIT_MS)),
  ]);
  return { now, later };
}

/** Loads overrides over the catalog, when their language is still the active one. */
export function loadOverridesIfActive(i18n: I18n, language: Language, messages: Messages | undefined): void {
  if (messages && i18n.locale === language && Object.keys(messages).length > 0) i18n.load(language, messages);
}
