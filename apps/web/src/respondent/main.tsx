import "./respondent.css";
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RespondentPage } from "./app";
import { i18n } from "./i18n";
import { registerOffline } from "./offline";

/**
 * The public respondent page (`/public/#/s/{shareKey}/{teamUrlSafeName}`): its own entry point,
 * without the admin app's component library, router or query library (issue 7).
 */
// Lingui's provider renders nothing before a locale is active; the page loads the respondent's
// catalog itself (and renders nothing until it has it), so an empty one stands in until then.
i18n.loadAndActivate({ locale: "en", messages: {} });
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from respondent.html");
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RespondentPage />
    </I18nProvider>
  </StrictMode>,
);
registerOffline();
