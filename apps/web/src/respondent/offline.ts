/**
 * A reload while offline keeps working (issue 19.4): the service worker `/public/sw.js`
 * (apps/web/public/public/sw.js, scope /public/) answers the page, its hashed assets and its public
 * GET calls from a cache when the network fails. What the page loaded before the worker controlled
 * it (the first visit) is put into that cache from here, so the first visit is enough.
 */
/** The worker's cache (`CACHE` in sw.js). */
export const OFFLINE_CACHE = "kunto-public-v1";

const canCache = () => typeof caches !== "undefined" && "serviceWorker" in navigator;

/** Registers the worker once the page has loaded (production builds only: Vite's dev server has no /public/ page). */
export function registerOffline(): void {
  if (!import.meta.env.PROD || !canCache()) return;
  const start = () =>
    void navigator.serviceWorker
      .register("/public/sw.js", { scope: "/public/" })
      .then(() => keepLoaded())
      .catch(() => {
        // No worker (a private window may refuse it): the page works as before, online.
      });
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/** The page itself and the built assets it has loaded so far, into the worker's cache where missing. */
export async function keepLoaded(): Promise<void> {
  if (!import.meta.env.PROD || !canCache()) return;
  try {
    const urls = [
      "/public/",
      ...performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
        .map((url) => url.pathname),
    ];
    const cache = await caches.open(OFFLINE_CACHE);
    const missing: string[] = [];
    for (const url of new Set(urls)) if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
    await cache.addAll(missing);
  } catch {
    // Offline or storage refused: the next visit tries again.
  }
}

/** A public GET call's answer, kept for a reload while offline (the worker does the same once it controls the page). */
export function keepAnswer(url: string, response: Response): void {
  if (!import.meta.env.PROD || !canCache()) return;
  void caches
    .open(OFFLINE_CACHE)
    .then((cache) => cache.put(new URL(url, location.href).href, response))
    .catch(() => undefined);
}
