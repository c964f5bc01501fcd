/**
 * Where to go after sign-in: only a path inside this app (no other origin, no protocol-relative
 * `//host`), and never back to the sign-in or sign-out pages.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  if (/^\/(login|logout)(\/|\?|#|$)/.test(target)) return "/";
  return target;
}
