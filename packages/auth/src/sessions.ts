import { AsyncLocalStorage } from "node:async_hooks";
import { type Db, type SystemDb, schema, type Tx, withCredentials, withSystem } from "@kunto/db";
import { and, eq, lt, sql } from "drizzle-orm";
import { generateToken, hashToken } from "./tokens";

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
/** Pending sign-ins (TOTP or new password) live only briefly. */
export const PENDING_SESSION_LIFETIME_MS = 10 * 60 * 1000;

export type SessionState = (typeof schema.sessions.$inferSelect)["state"];

export async function createSession(db: Db | Tx, userId: string, state: SessionState) {
  const token = generateToken();
  const lifetime = state === "active" ? SESSION_LIFETIME_MS : PENDING_SESSION_LIFETIME_MS;
  const expiresAt = new Date(Date.now() + lifetime);
  await withCredentials(db, { userId }, (tx) =>
    tx.insert(schema.sessions).values({ id: hashToken(token), userId, state, expiresAt }),
  );
  return { token, expiresAt };
}

/** The session and its user for a cookie token: one query, not yet judged (see `settleSession`). */
export function sessionQuery(db: Db | Tx, token: string) {
  const tokenHash = hashToken(token);
  return withCredentials(db, { tokenHash }, (tx) =>
    tx
      .select({ session: schema.sessions, user: schema.users })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(eq(schema.sessions.id, tokenHash))
      .limit(1),
  );
}

type SessionRow = Awaited<ReturnType<typeof sessionQuery>>[number];

/** A statement on one session, named by its id (the token's hash). */
const onSession = <T>(db: Db | Tx, sessionId: string, fn: (tx: Tx) => Promise<T>) =>
  withCredentials(db, { tokenHash: sessionId }, fn);

/**
 * Judges a looked-up session: expired or disabled-user sessions are removed; active sessions
 * past half their lifetime slide forward (Lucia's design).
 */
export async function settleSession(db: Db | Tx, row: SessionRow | undefined) {
  if (!row) return null;
  const { session } = row;
  if (Date.now() >= session.expiresAt.getTime() || !row.user.enabled) {
    await onSession(db, session.id, (tx) =>
      tx.delete(schema.sessions).where(eq(schema.sessions.id, session.id)),
    );
    return null;
  }
  // A session due for rotation is renewed by the rotation itself (outside the request transaction).
  if (
    session.state === "active" &&
    !session.rotationDue &&
    Date.now() >= session.expiresAt.getTime() - SESSION_LIFETIME_MS / 2
  ) {
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    session.expiresAt = expiresAt;
    await onSession(db, session.id, (tx) =>
      tx.update(schema.sessions).set({ expiresAt }).where(eq(schema.sessions.id, session.id)),
    );
    // The caller sends the cookie again with the new expiry (the browser would drop it first).
    return { ...row, extended: true };
  }
  return { ...row, extended: false };
}

export async function validateSession(db: Db, token: string) {
  const [row] = await sessionQuery(db, token);
  return settleSession(db, row);
}

/**
 * A new token for a session marked `rotationDue` (its user's roles changed, issue 6.3): the row's
 * id becomes the new token's hash, so the old token stops working at once. Answers null when a
 * concurrent request rotated it first (that request's answer carries the new cookie).
 */
export async function rotateSession(db: Db | Tx, session: { id: string; userId: string }) {
  const token = generateToken();
  const sessionId = session.id;
  // Named by its user: the row's new id must stay visible to the statement that sets it.
  const [row] = await withCredentials(db, { userId: session.userId }, (tx) =>
    tx
      .update(schema.sessions)
      .set({
        id: hashToken(token),
        rotationDue: false,
        expiresAt: sql`case when ${schema.sessions.state} = 'active' then now() + make_interval(secs => ${SESSION_LIFETIME_MS / 1000}) else ${schema.sessions.expiresAt} end`,
      })
      .where(and(eq(schema.sessions.id, sessionId), eq(schema.sessions.rotationDue, true)))
      .returning(),
  );
  return row ? { token, session: row } : null;
}

/** The session of the request being served, for `markSessionsForRotation` (set by the procedures). */
const actingSession = new AsyncLocalStorage<string>();
export const withActingSession = <T>(sessionId: string, fn: () => T): T => actingSession.run(sessionId, fn);

/**
 * The user's roles changed: every open session gets a new token at its next request. The session
 * that made the change is not marked: it already held the power it used, and its owner is the one
 * who just acted.
 */
export const markSessionsForRotation = (db: Db | Tx, userId: string) => {
  const acting = actingSession.getStore();
  return withCredentials(db, { userId }, (tx) =>
    tx
      .update(schema.sessions)
      .set({ rotationDue: true })
      .where(
        acting
          ? and(eq(schema.sessions.userId, userId), sql`${schema.sessions.id} <> ${acting}`)
          : eq(schema.sessions.userId, userId),
      ),
  );
};

/**
 * Replaces a session by a new one (new token, old row gone), e.g. when a sign-in completes its
 * second factor (issue 6.3): a token seen before the step up never carries the stronger session.
 */
export async function replaceSession(db: Db | Tx, sessionId: string, userId: string, state: SessionState) {
  await onSession(db, sessionId, (tx) => tx.delete(schema.sessions).where(eq(schema.sessions.id, sessionId)));
  return createSession(db, userId, state);
}

/** A pending session becomes the signed-in one, with a full lifetime; answers its new expiry. */
export async function promoteSession(db: Db, sessionId: string): Promise<Date> {
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await onSession(db, sessionId, (tx) =>
    tx.update(schema.sessions).set({ state: "active", expiresAt }).where(eq(schema.sessions.id, sessionId)),
  );
  return expiresAt;
}

export const invalidateSession = (db: Db, sessionId: string) =>
  onSession(db, sessionId, (tx) => tx.delete(schema.sessions).where(eq(schema.sessions.id, sessionId)));

/** Password change, disable and sign-out-everywhere end every session of the user. */
export const invalidateUserSessions = (db: Db | Tx, userId: string, exceptSessionId?: string) =>
  withCredentials(db, { userId }, (tx) =>
    tx
      .delete(schema.sessions)
      .where(
        exceptSessionId
          ? and(eq(schema.sessions.userId, userId), sql`${schema.sessions.id} <> ${exceptSessionId}`)
          : eq(schema.sessions.userId, userId),
      ),
  );

/** Background clean-up across every user: the system role's (the request role sees no sessions). */
export const deleteExpiredSessions = (system: SystemDb) =>
  withSystem(system, (tx) => tx.delete(schema.sessions).where(lt(schema.sessions.expiresAt, new Date())));

export const SESSION_COOKIE = "kunto_session";
/** Over HTTPS the cookie is `__Host-` prefixed and Secure (DECISIONS.md). */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
