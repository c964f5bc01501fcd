import { DEFAULT_LANGUAGE, formattingLocale, isLanguage, type Language } from "@kunto/core";
import { i18n, type Messages } from "@lingui/core";
import { saveLanguage, takeLanguageChosenSignedOut } from "./language-choice";

export {
  detectLanguage,
  LANGUAGE_NAMES,
  markLanguageChosenSignedOut,
} from "./language-choice";

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * Each language's catalog in two parts (scripts/first-load-catalog.ts, issue 19.13): the messages
 * of the code the app loads first (the shell and the dashboard) and all the others, which the
 * other screens wait for (`loadWholeCatalog`). In development both are the whole catalog.
 */
const catalogs: Record<Language, { firstLoad: Catalog; rest: Catalog }> = {
  en: {
    firstLoad: () => import("../locales/en/messages.po?first-load"),
    rest: () => import("../locales/en/messages.po"),
  },
  fi: {
    firstLoad: () => import("../locales/fi/messages.po?first-load"),
    rest: () => import("../locales/fi/messages.po"),
  },
  ee: {
    firstLoad: () => import("../locales/ee/messages.po?first-load"),
    rest: () => import("../locales/ee/messages.po"),
  },
  ru: {
    firstLoad: () => import("../locales/ru/messages.po?first-load"),
    rest: () => import("../locales/ru/messages.po"),
  },
  pl: {
    firstLoad: () => import("../locales/pl/messages.po?first-load"),
    rest: () => import("../locales/pl/messages.po"),
  },
};

/**
 * The interface texts a platform admin changed in the translations editor (docs/decisions.md
 * "Translations editor"): compiled messages from the server, loaded over the built-in catalog. A
 * plain fetch (no client code of its own); when it fails or is slow the catalog alone is used, and
 * late overrides are loaded when they come.
 */
const overrides: Partial<Record<Language, Messages>> = {};
/** How long the first render waits for the overrides before showing the catalog alone. */
const OVERRIDES_WAIT_MS = 300;

function fetchOverrides(language: Language): Promise<Messages> {
  return fetch(`/api/translation/${language}/interface`, { signal: AbortSignal.timeout(10_000) })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((body: { messages?: Messages } | null) => {
      overrides[language] = body?.messages ?? {};
      return overrides[language];
    })
    .catch(() => ({}));
}

/** Loads the language's overrides, when it is still the active one. */
function applyOverrides(language: Language): void {
  const messages = overrides[language];
  if (messages && i18n.locale === language && Object.keys(messages).length > 0) i18n.load(language, messages);
}

/** Asks for the active language's overrides again (after the translations editor saved one). */
export async function refreshInterfaceOverrides(): Promise<void> {
  const language = currentLanguage();
  await fetchOverrides(language);
  applyOverrides(language);
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/** Set once a screen has asked for the whole catalog: a change of language then loads all of it. */
let whole = false;
/** The language whose whole catalog is loaded. */
let wholeLoaded: Language | null = null;
/** Catalog loads run one after the other, so a change of language and the rest cannot cross. */
let loading: Promise<void> = Promise.resolve();
const serially = (task: () => Promise<void>): Promise<void> => {
  loading = loading.then(task, task);
  return loading;
};

/**
 * Loads and activates a catalog. Plurals, dates and numbers use the BCP 47 locale
 * (`et` for `ee`, DECISIONS.md "Other").
 */
export function activateLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  return serially(async () => {
    if (i18n.locale === language) return;
    const fetched = overrides[language] ? null : fetchOverrides(language);
    const parts = await Promise.all(
      whole ? [catalogs[language].firstLoad(), catalogs[language].rest()] : [catalogs[language].firstLoad()],
    );
    if (fetched)
      await Promise.race([fetched, new Promise((resolve) => setTimeout(resolve, OVERRIDES_WAIT_MS))]);
    const locale = formattingLocale(language);
    const messages = Object.assign({}, ...parts.map((part) => part.messages), overrides[language]);
    i18n.loadAndActivate({ locale: language, locales: [locale], messages });
    if (fetched && !overrides[language]) void fetched.then(() => applyOverrides(language));
    wholeLoaded = whole ? language : null;
    document.documentElement.lang = locale;
  });
}

/**
 * Loads the messages beyond the first load's. Each screen outside the first load waits for it
 * before it renders (see `withWholeCatalog`); after the first time it resolves at once.
 */
export function loadWholeCatalog(): Promise<void> {
  whole = true;
  return serially(async () => {
    const language = currentLanguage();
    if (wholeLoaded === language) return;
    i18n.load(language, (await catalogs[language].rest()).messages);
    applyOverrides(language);
    wholeLoaded = language;
  });
}

/** A lazily loaded module whose components need the whole catalog: loads the two together. */
export const withWholeCatalog =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadWholeCatalog()]).then(([module]) => module);

// A safety net: a message the loaded parts lack (a lazy screen that did not wait) loads the rest,
// which renders again with it.
i18n.on("missing", () => {
  if (!whole) void loadWholeCatalog().catch(() => undefined);
});

/**
 * After sign-in the user's saved language wins, unless they picked one by hand on the sign-in
 * pages just before: then that choice is kept and returned, for saving to their profile.
 */
export async function syncUserLanguage(saved: string): Promise<Language | null> {
  const chosen = takeLanguageChosenSignedOut();
  const active = currentLanguage();
  if (chosen) return saved === active ? null : active;
  if (isLanguage(saved) && saved !== active) await activateLanguage(saved);
  return null;
}
