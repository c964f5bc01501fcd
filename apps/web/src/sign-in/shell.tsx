import { formattingLocale, LANGUAGES, type Language } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { LANGUAGE_NAMES } from "../lib/language-choice";

const MAIN_ID = "main-content";

/**
 * The frame of the sign-in page, drawn as the app's public pages (components/public-layout.tsx):
 * skip link, word mark and language menu, one centred card, the legal links under it.
 */
export function Shell({
  language,
  onLanguage,
  children,
}: {
  language: Language;
  onLanguage: (language: Language) => void;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <a
        href={`#${MAIN_ID}`}
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="bar">
        <span className="brand">
          <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="#1f6dae" />
            <path d="M10 7h3.6v7.6L20 7h4.4l-7 7.7L25 25h-4.5l-5.6-7.6-1.3 1.4V25H10z" fill="#fff" />
          </svg>
          Kunto
        </span>
        <LanguageMenu language={language} onLanguage={onLanguage} />
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        <div className="column">
          <div className="card">{children}</div>
          <p className="legal">
            <a href="/terms.pdf" target="_blank" rel="noopener">
              <Trans>Terms of service</Trans>
            </a>
            <span aria-hidden="true">·</span>
            <a href="/privacy.pdf" target="_blank" rel="noopener">
              <Trans>Privacy policy</Trans>
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}

/**
 * The interface language as the app's header menu offers it (components/language-menu.tsx): a
 * button read as "Language: Suomi" opening a menu of the languages in themselves. Arrow keys, Home
 * and End walk it, Escape closes it and gives the focus back.
 */
function LanguageMenu({ language, onLanguage }: { language: Language; onLanguage: (l: Language) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const activeName = LANGUAGE_NAMES[language];

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>("[aria-current]")?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") setOpen(false);
  };

  return (
    <div className="menu-anchor">
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M4 5h7M9 3v2c0 4.4-2.2 8-5 8M5 9c0 2.1 2.9 3.9 6.4 4M12 20l4-9 4 9M19.1 18h-6.2" />
        </svg>
        {/* Read as "Language: Suomi"; the code alone is for the eye (and fits a phone). */}
        <span aria-hidden="true">{language.toUpperCase()}</span>
        <span className="visually-hidden">{t`Language: ${activeName}`}</span>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t`Language`}
          className="menu"
          onKeyDown={onKeyDown}
        >
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={formattingLocale(code)}
              aria-current={code === language ? "true" : undefined}
              onClick={() => {
                close();
                onLanguage(code);
              }}
            >
              {LANGUAGE_NAMES[code]}
              {code === language ? (
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                  <path d="M5 12l5 5L20 7" />
                </svg>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
