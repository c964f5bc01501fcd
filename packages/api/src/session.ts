import { rotateSession, validateSession } from "@kunto/auth";
import type { Context, SessionRow, UserRow } from "./context";

export interface Auth {
  session: SessionRow;
  user: UserRow;
  /** The session got a new token in this request (its old one no longer works). */
  rotated?: boolean;
}

const cache = new WeakMap<Context, Promise<Auth | null>>();

/**
 * A session whose user's roles changed since it was opened gets a new token now (issue 6.3). The
 * rotation runs on the pool, not in the request's transaction, so the new cookie is valid whatever
 * the call's outcome. Null when a concurrent request of the same session rotated it first.
 */
export async function rotateIfDue(ctx: Context, auth: Auth): Promise<Auth | null> {
  if (!auth.session.rotationDue) return auth;
  // The calls of one batch share the request's context: they share its one rotation too.
  let pending = rotations.get(ctx);
  if (!pending) {
    pending = rotateSession(ctx.db, auth.session.id).then((rotated) => {
      if (rotated) ctx.cookies.setSession(rotated.token, rotated.session.expiresAt);
      return rotated?.session ?? null;
    });
    rotations.set(ctx, pending);
  }
  const session = await pending;
  return session ? { session, user: auth.user, rotated: true } : null;
}
const rotations = new WeakMap<Context, Promise<SessionRow | null>>();

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
      ? validateSession(ctx.db, token).then((auth) => {
          if (auth) return rotateIfDue(ctx, auth);
          ctx.cookies.clearSession();
          return null;
        })
      : Promise.resolve(null);
    cache.set(ctx, pending);
  }
  return pending;
}
