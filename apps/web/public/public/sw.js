/*
 * The respondent page's service worker (issue 19.4), scope /public/: a reload while offline
 * brings back the page, its kept answers and the survey it showed, and the answers send themselves
 * once the connection returns (the page retries on `online`).
 *
 * - The page (/public/, any query): network first, the cached copy when the network fails.
 * - Built assets (/assets/*, hashed, never changed): cache first, cached when fetched.
 * - The page's public GET calls (survey, voting tasks): network first, the cached answer when
 *   the network fails. Nothing else is touched: POSTs, DELETEs and other calls go to the network
 *   as they would without a service worker, and are never cached.
 *
 * The page itself also puts what it loaded before this worker controlled it into the same cache
 * (apps/web/src/respondent/offline.ts; keep OFFLINE_CACHE equal to CACHE). A new cache name drops
 * the old one on activation. Plain JavaScript copied as it is by Vite (apps/web/public/), so its
 * URL never changes and /public/sw.js can control /public/ without a Service-Worker-Allowed header.
 */
const CACHE = "kunto-public-v1";
const SHELL = "/public/";
const API = [/^\/api\/public\/survey\/[^/]+\/[^/]+$/, /^\/api\/shared\/taskvoting\/tasks$/];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("kunto-public-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer (kept when it is a success), else the cached one, else the network's failure. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === SHELL) {
    event.respondWith(networkFirst(request, SHELL));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (API.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(request, request.url));
  }
});
