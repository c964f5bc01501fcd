import { validateSession } from "@kunto/auth";
import type { Context, SessionRow, UserRow } from "./context";

export interface Auth {
  session: SessionRow;
  user: UserRow;
}

const cache = new WeakMap<Context, Promise<Auth | null>>();

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
          if (!auth) ctx.cookies.clearSession();
          return auth;
        })
      : Promise.resolve(null);
    cache.set(ctx, pending);
  }
  return pending;
}
