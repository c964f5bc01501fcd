import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { LANGUAGES, type Language } from "@kunto/core";
import { MAIL_TEMPLATES, type MailKind } from "@kunto/mail";
import { linguiMessageId, parsePo } from "./po";

/**
 * The built-in texts the translations editor overrides (docs/decisions.md "Translations editor"):
 * the web client's interface messages, read once per process from its `.po` catalogs (they change
 * only with a new build), and the mail texts of @kunto/mail.
 */
export type Texts = Record<Language, string>;
export const UI_PREFIX = "ui.";
export const MAIL_PREFIX = "mail.";

/** The web client's catalogs, relative to apps/web/src. */
const CATALOG_DIRS = ["locales", "respondent/locales", "sign-in/locales"];

/**
 * apps/web/src, found from this file's place upward (the sources run from packages/api/src, the
 * bundle from apps/server/dist); WEB_SOURCE_DIR names it where the repository is laid out otherwise.
 */
function webSourceDir(): string | null {
  if (process.env.WEB_SOURCE_DIR) return process.env.WEB_SOURCE_DIR;
  let dir = import.meta.dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, "apps/web/src");
    if (existsSync(join(candidate, "locales/en/messages.po"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

export function readInterfaceCatalog(root: string | null = webSourceDir()): Map<string, Texts> {
  const catalog = new Map<string, Texts>();
  if (!root) return catalog;
  for (const dir of CATALOG_DIRS) {
    for (const language of LANGUAGES) {
      const file = join(root, dir, language, "messages.po");
      if (!existsSync(file)) continue;
      for (const entry of parsePo(readFileSync(file, "utf8"))) {
        const tid = UI_PREFIX + linguiMessageId(entry.msgid, entry.context);
        const texts = catalog.get(tid) ?? { en: entry.msgid, fi: "", ee: "", ru: "", pl: "" };
        // The English catalog's msgstr is the source text itself.
        if (language !== "en") texts[language] ||= entry.msgstr;
        catalog.set(tid, texts);
      }
    }
  }
  return catalog;
}

let interfaceCatalog: Map<string, Texts> | null = null;
/** Read at the first use and kept for the process's life. */
export const interfaceTexts = (): Map<string, Texts> => {
  interfaceCatalog ??= readInterfaceCatalog();
  return interfaceCatalog;
};

/** Every variable of a mail body reads as its `{name}` placeholder. */
const placeholderVars = new Proxy({}, { get: (_, key) => `{${String(key)}}` });

let mailCatalog: Map<string, Texts> | null = null;
/** `mail.<kind>.subject` and `mail.<kind>.body` with `{var}` placeholders. */
export function mailTexts(): Map<string, Texts> {
  if (mailCatalog) return mailCatalog;
  mailCatalog = new Map();
  for (const kind of Object.keys(MAIL_TEMPLATES) as MailKind[]) {
    const template = MAIL_TEMPLATES[kind];
    mailCatalog.set(`${MAIL_PREFIX}${kind}.subject`, { ...template.subject });
    mailCatalog.set(`${MAIL_PREFIX}${kind}.body`, template.body(placeholderVars as never));
  }
  return mailCatalog;
}

/** The built-in texts of a tid (interface or mail), null for database-only translations. */
export function builtInTexts(tid: string): Texts | null {
  if (tid.startsWith(UI_PREFIX)) return interfaceTexts().get(tid) ?? null;
  if (tid.startsWith(MAIL_PREFIX)) return mailTexts().get(tid) ?? null;
  return null;
}
