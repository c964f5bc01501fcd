import type { ServerResponse } from "node:http";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { ApiConfig, Context, Logger } from "@kunto/api";
import { DEVICE_COOKIE_MAX_AGE_S, deviceCookieName, sessionCookieName } from "@kunto/auth";
import type { Db } from "@kunto/db";
import type { Context as HonoContext } from "hono";
import { generateCookie, getCookie } from "hono/cookie";

export interface ContextDeps {
  db: Db;
  config: ApiConfig;
  log: Logger;
}

/** "::ffff:10.0.0.1" (an IPv4 client of a dual-stack socket) is 10.0.0.1. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/**
 * The client's address for rate limits. With TRUST_PROXY = n (n reverse proxies in front, each
 * appending the address it was reached from to X-Forwarded-For), the client is the n-th address
 * from the right of that header; entries further left are whatever the client sent and are never
 * read. With 0 (the default) the header is ignored and the socket's peer is the client.
 */
export function clientIp(c: HonoContext, trustProxy = 0): string {
  let socket = "unknown";
  try {
    socket = plainAddress(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    // no socket (a request built in a test)
  }
  if (trustProxy <= 0) return socket;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const candidate = forwarded[Math.max(0, forwarded.length - trustProxy)];
  return candidate && isIP(plainAddress(candidate)) ? plainAddress(candidate) : socket;
}

/**
 * Runs work once the response has left (`env` is the Node adapter's `{ incoming, outgoing }`):
 * Node's response finished (its last bytes handed to the socket) or the connection closed. Without a Node response (a request built in a test) the next
 * turn of the event loop. Issue 17.7: what forgot-password does for an existing account only runs
 * after its answer is out, so it cannot delay that answer.
 */
export function whenAnsweredOf(env: unknown): (run: () => void) => void {
  const outgoing =
    env && typeof env === "object" && "outgoing" in env
      ? (env.outgoing as ServerResponse | undefined)
      : undefined;
  return (run) => {
    if (!outgoing || outgoing.writableFinished || outgoing.destroyed) {
      setImmediate(run);
      return;
    }
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      outgoing.off("finish", once);
      outgoing.off("close", once);
      setImmediate(run);
    };
    outgoing.on("finish", once);
    outgoing.on("close", once);
  };
}

/**
 * The credential of `Authorization: Bearer <publicKey>.<privateKey>` (an API key, issue 20); null
 * without one. Other schemes are not ours (a proxy's Basic authentication) and are ignored.
 */
export function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S.*)$/i.exec(header?.trim() ?? "");
  return match?.[1]?.trim() ?? null;
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
  transport: "trpc" | "rest" = "rest",
): Promise<Context> {
  const secure = deps.config.secureCookies;
  const cookieName = sessionCookieName(secure);
  const bearer = bearerOf(c.req.header("authorization"));
  const clear = () =>
    setCookies.push(
      generateCookie(cookieName, "", { path: "/", httpOnly: true, sameSite: "Lax", secure, maxAge: 0 }),
    );
  return {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    ip: clientIp(c, deps.config.trustProxy),
    tenantHeader: c.req.header("x-tenant-id") ?? null,
    // A key's call is the key's alone: the cookie is not read, so no session is used or rotated.
    sessionToken: bearer ? null : (getCookie(c, cookieName) ?? null),
    bearer,
    transport,
    deviceCookie: getCookie(c, deviceCookieName(secure)) ?? null,
    cookies: {
      setDevice: (value) =>
        setCookies.push(
          generateCookie(deviceCookieName(secure), value, {
            path: "/",
            httpOnly: true,
            sameSite: "Lax",
            secure,
            maxAge: DEVICE_COOKIE_MAX_AGE_S,
          }),
        ),
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
    whenAnswered: whenAnsweredOf(c.env),
  };
}

export function withCookies(response: Response, setCookies: string[]): Response {
  if (setCookies.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
