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
