import type { MiddlewareHandler } from "hono";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated writes: a state-changing request that sends a cookie must
 * come from APP_URL's origin (Origin header, or Referer when a browser omits Origin), never from
 * whatever Host the request names (issue 6.14). Without a cookie there is nothing a forged request
 * could borrow, so the check does not apply (issue 20.3): API clients, with an API key or none, send
 * what Origin they like. The session cookie is also SameSite=Lax.
 */
export function csrfGuard(appUrl: string): MiddlewareHandler {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header("origin") ?? refererOrigin(c.req.header("referer"));
    const hasCookie = Boolean(c.req.header("cookie"));
    if (hasCookie && origin !== allowed) {
      return c.json({ message: "csrf_rejected", code: "FORBIDDEN", error_key: "csrf_rejected" }, 403);
    }
    return next();
  };
}

function refererOrigin(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
