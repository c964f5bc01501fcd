/**
 * Where to go after sign-in: only a path inside this app (no other origin, no protocol-relative
 * `//host`), and never back to the sign-in or sign-out pages.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  if (/^\/(login|logout)(\/|\?|#|$)/.test(target)) return "/";
  return target;
}

/**
 * The path of a deep link in the older hash form (document 2 §2: `/#/t/{tenant}/reports/rg/
 * {engineName}` and `/#/t/{tenant}/reports/rg/{parent}/{engineName}`; any `/#/path` the same
 * way), or null when the address is not one. Only a path inside this app is returned.
 */
export function hashDeepLink(pathname: string, hash: string): string | null {
  if (pathname !== "/" || !hash.startsWith("#/")) return null;
  const target = safeRedirect(hash.slice(1));
  return target === "/" ? null : target;
}

/** The path this document was loaded at, before any move inside the app. */
const documentPath = typeof location === "undefined" ? "" : location.pathname;

/**
 * Loads the sign-in page (sign-in.html, served at /login; docs/decisions.md "The light sign-in
 * page") in place of this document, with its search (`redirect`, `email_confirmed`). The address
 * changes only when the browser does, never first inside the app: a move that changed it in the
 * app and then loaded the page left a window in which /login showed and nothing had loaded yet.
 * The promise never settles: nothing renders while the browser loads the page.
 */
export function loadSignInPage(search: Record<string, string | number | undefined> = {}): Promise<never> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, String(value));
  const query = params.size > 0 ? `?${params}` : "";
  // An app itself loaded at /login (a server that does not answer /login with the sign-in page,
  // like Vite's) would loop asking for /login again, so the page is then asked for by file name.
  const page = documentPath === "/login" ? "/sign-in.html" : "/login";
  window.location.replace(`${page}${query}`);
  return new Promise<never>(() => {});
}
