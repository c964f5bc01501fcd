import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/charts/styles.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { trackNavigationFocus } from "./lib/focus";
import { activateLanguage, detectLanguage } from "./lib/i18n";
import { loadSignInPage } from "./lib/redirect";
import { queryClient, setSessionEndedHandler } from "./lib/trpc";
import { router } from "./router";

// A session that ends while the app is open (expired, revoked elsewhere) leads back to sign-in.
setSessionEndedHandler(() => {
  const inApp = router.state.matches.some((match) => match.routeId === "/_authed");
  const leaving = /^\/(login|logout)\b/.test(router.latestLocation.pathname);
  if (!inApp || leaving) return;
  queryClient.clear();
  void loadSignInPage({ redirect: router.state.location.href });
});

trackNavigationFocus(router);

async function start() {
  await activateLanguage(detectLanguage());
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
