import { DEFAULT_LANGUAGE, formattingLocale, isLanguage, type Language } from "@kunto/core";
import { i18n, type Messages } from "@lingui/core";
import {
  fetchInterfaceOverrides,
  interfaceOverrides,
  loadOverridesIfActive,
  overridesForFirstRender,
} from "./interface-overrides";
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

/** Loads the language's overrides, when it is still the active one. */
function applyOverrides(language: Language): void {
  loadOverridesIfActive(i18n, language, interfaceOverrides(language));
}

/** Asks for the active language's overrides again (after the translations editor saved one). */
export async function refreshInterfaceOverrides(): Promise<void> {
  const language = currentLanguage();
  await fetchInterfaceOverrides(language);
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
    const overrides = overridesForFirstRender(language);
    const [parts, first] = await Promise.all([
      Promise.all(
        whole
          ? [catalogs[language].firstLoad(), catalogs[language].rest()]
          : [catalogs[language].firstLoad()],
      ),
      overrides.now,
    ]);
    const locale = formattingLocale(language);
    const messages = Object.assign({}, ...parts.map((part) => part.messages), first);
    i18n.loadAndActivate({ locale: language, locales: [locale], messages });
    void overrides.later.then(() => applyOverrides(language));
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
