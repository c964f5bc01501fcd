import { rotateSession, validateSession } from "@kunto/auth";
import type { Context, SessionRow, UserRow } from "./context";

export interface Auth {
  session: SessionRow;
  user: UserRow;
  /** The session got a new token in this request (its old one no longer works). */
  rotated?: boolean;
  /** The session's expiry slid forward in this request (Lucia's design): the cookie follows. */
  extended?: boolean;
}

const cache = new WeakMap<Context, Promise<Auth | null>>();

/**
 * A session whose user's roles changed since it was opened gets a new token now (issue 6.3). The
 * rotation runs on the pool, not in the request's transaction, so the new cookie is valid whatever
 * the call's outcome. Null when a concurrent request of the same session rotated it first.
 */
export async function rotateIfDue(ctx: Context, auth: Auth): Promise<Auth | null> {
  if (!auth.session.rotationDue) {
    if (auth.extended && ctx.sessionToken) ctx.cookies.setSession(ctx.sessionToken, auth.session.expiresAt);
    return auth;
  }
  // The calls of one batch share the request's context: they share its one rotation too.
  let pending = rotations.get(ctx);
  if (!pending) {
    pending = rotateSession(ctx.db, auth.session).then((rotated) => {
      if (!rotated) return null;
      ctx.cookies.setSession(rotated.token, rotated.session.expiresAt);
      return { token: rotated.token, auth: { session: rotated.session, user: auth.user, rotated: true } };
    });
    rotations.set(ctx, pending);
  }
  return (await pending)?.auth ?? null;
}
const rotations = new WeakMap<Context, Promise<{ token: string; auth: Auth } | null>>();

/**
 * The rotation another call of this request's batch made, if any: a call whose look-up by the old
 * token came after that rotation finds no session, and takes the rotated one (with its new token)
 * instead of answering not_signed_in.
 */
export async function rotatedInRequest(ctx: Context): Promise<{ token: string; auth: Auth } | null> {
  return (await rotations.get(ctx)) ?? null;
}

/**
 * The request's session and user, looked up once and only when a procedure needs them (tenant
 * procedures validate the session inside their transaction instead). A cookie that names no
 * valid session is cleared.
 */
export function getAuth(ctx: Context): Promise<Auth | null> {
  let pending = cache.get(ctx);
  if (!pending) {
    const token = ctx.sessionToken;
    pending = token
      ? validateSession(ctx.db, token).then(async (auth) => {
          if (auth) return rotateIfDue(ctx, auth);
          const rotated = await rotatedInRequest(ctx);
          if (rotated) return rotated.auth;
          ctx.cookies.clearSession();
          return null;
        })
      : Promise.resolve(null);
    cache.set(ctx, pending);
  }
  return pending;
}
