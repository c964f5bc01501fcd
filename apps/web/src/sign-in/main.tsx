import "./sign-in.css";
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { detectLanguage } from "../lib/language-choice";
import { api } from "./api";
import { SignInPage } from "./app";
import { activate, i18n } from "./i18n";
import { readSearch } from "./validation";

/**
 * The sign-in page (`/login`): its own entry point, without the app's component library, router,
 * query library, tRPC client or zod (issue 19.13, docs/decisions.md "The light sign-in page").
 */
async function start() {
  const { redirectTo, emailConfirmed } = readSearch(location.search);
  const language = detectLanguage();
  // An already signed-in visitor goes on to where they were going (document 1 §2).
  const [me] = await Promise.all([api.session().catch(() => null), activate(language)]);
  if (me) {
    location.replace(redirectTo);
    return;
  }
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from sign-in.html");
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SignInPage redirectTo={redirectTo} emailConfirmed={emailConfirmed} language={language} />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
