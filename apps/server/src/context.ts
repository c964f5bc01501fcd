import { getConnInfo } from "@hono/node-server/conninfo";
import type { ApiConfig, Context, Logger } from "@kunto/api";
import { sessionCookieName } from "@kunto/auth";
import type { Db } from "@kunto/db";
import type { Context as HonoContext } from "hono";
import { generateCookie, getCookie } from "hono/cookie";

export interface ContextDeps {
  db: Db;
  config: ApiConfig;
  log: Logger;
}

export function clientIp(c: HonoContext): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Builds the per-request context shared by tRPC and REST. The session cookie is validated by the
 * procedure that needs a user, not here. Cookies the call sets are collected in `setCookies` and
 * added to the adapter's response by the route.
 */
export async function createRequestContext(
  deps: ContextDeps,
  c: HonoContext,
  setCookies: string[],
): Promise<Context> {
  const secure = deps.config.secureCookies;
  const cookieName = sessionCookieName(secure);
  const clear = () =>
    setCookies.push(
      generateCookie(cookieName, "", { path: "/", httpOnly: true, sameSite: "Lax", secure, maxAge: 0 }),
    );
  return {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    ip: clientIp(c),
    tenantHeader: c.req.header("x-tenant-id") ?? null,
    sessionToken: getCookie(c, cookieName) ?? null,
    cookies: {
      setSession: (value, expiresAt) =>
        setCookies.push(
          generateCookie(cookieName, value, {
            path: "/",
            httpOnly: true,
            sameSite: "Lax",
            secure,
            expires: expiresAt,
          }),
        ),
      clearSession: clear,
    },
  };
}

export function withCookies(response: Response, setCookies: string[]): Response {
  if (setCookies.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
