import {
  decryptSecret,
  encryptSecret,
  enforce,
  generateTotpSecret,
  matchTotp,
  RATE_RULES,
  totpUri,
} from "@kunto/auth";
import { type Db, schema, type Tx } from "@kunto/db";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { audit } from "../audit";
import type { UserRow } from "../context";
import { fail } from "../errors";
import { assertNotDemo } from "../users/users";

type TotpRow = typeof schema.totpCredentials.$inferSelect;

/** The secret of a row: sealed with SECRETS_KEY (issue 6.10), or a row from before that. */
export function readTotpSecret(key: Uint8Array, row: TotpRow): Uint8Array {
  return row.secretEncrypted ? decryptSecret(key, row.secret, row.userId) : new Uint8Array(row.secret);
}

const sealed = (key: Uint8Array, userId: string, secret: Uint8Array) => ({
  secret: encryptSecret(key, secret, userId),
  secretEncrypted: true,
});

/**
 * Secrets stored before they were encrypted are sealed at start (issue 6.10); rows that an older
 * instance writes meanwhile are still read as they are (`readTotpSecret`) and sealed next start.
 */
export async function sealStoredTotpSecrets(db: Db, key: Uint8Array): Promise<number> {
  const rows = await db
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.secretEncrypted, false));
  for (const row of rows) {
    await db
      .update(schema.totpCredentials)
      .set(sealed(key, row.userId, new Uint8Array(row.secret)))
      .where(
        and(eq(schema.totpCredentials.userId, row.userId), eq(schema.totpCredentials.secretEncrypted, false)),
      );
  }
  return rows.length;
}

/** A step newer than the last one used, compared and stored in one statement (issue 6.3). */
const newerStep = (step: number) =>
  or(isNull(schema.totpCredentials.lastUsedStep), lt(schema.totpCredentials.lastUsedStep, step));

/** Claims an enabled factor's time step: true once per step, however many calls race for it. */
export async function claimTotpStep(db: Db | Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(schema.totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(schema.totpCredentials.userId, userId),
        isNotNull(schema.totpCredentials.enabledAt),
        newerStep(step),
      ),
    )
    .returning({ userId: schema.totpCredentials.userId });
  return rows.length > 0;
}

/** A factor is the address owner's only once the address is confirmed (issue 6.1). */
function assertConfirmed(user: UserRow) {
  if (user.type === "CLOUD" && !user.emailConfirmedAt) fail("totp_requires_confirmed_email");
}

/** Starts (or restarts) set-up: the secret is stored but not active until a code proves it. */
export async function beginSetup(tx: Tx, key: Uint8Array, user: UserRow) {
  assertNotDemo(user);
  assertConfirmed(user);
  const secret = generateTotpSecret();
  const [existing] = await tx
    .select({ enabledAt: schema.totpCredentials.enabledAt })
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  if (existing?.enabledAt) fail("access_denied");
  const values = { ...sealed(key, user.id, secret), enabledAt: null, lastUsedStep: null };
  await tx
    .insert(schema.totpCredentials)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: schema.totpCredentials.userId, set: values });
  return {
    uri: totpUri("Kunto", user.email ?? user.username ?? user.id, secret),
    secret: encodeBase32UpperCaseNoPadding(secret),
  };
}

/**
 * Code checks are counted on the pool (`db`), not in the call's transaction: a wrong code rolls the
 * transaction back, and the count must stay.
 */
async function limitTries(db: Db, user: UserRow) {
  await enforce(db, [[RATE_RULES.totpAccount, user.id]]);
}

export async function enable(db: Db, tx: Tx, key: Uint8Array, user: UserRow, code: string) {
  assertConfirmed(user);
  await limitTries(db, user);
  const [row] = await tx
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  const step = row && !row.enabledAt ? matchTotp(readTotpSecret(key, row), code) : null;
  if (step === null) return fail("invalid_code");
  const [enabled] = await tx
    .update(schema.totpCredentials)
    .set({ enabledAt: new Date(), lastUsedStep: step })
    .where(
      and(
        eq(schema.totpCredentials.userId, user.id),
        isNull(schema.totpCredentials.enabledAt),
        newerStep(step),
      ),
    )
    .returning({ userId: schema.totpCredentials.userId });
  if (!enabled) return fail("invalid_code");
  await audit(tx, { actorUserId: user.id, action: "auth.mfa_enabled" });
}

/** Turning the factor off spends its code like a sign-in does: the step is claimed in the delete. */
export async function disable(db: Db, tx: Tx, key: Uint8Array, user: UserRow, code: string) {
  await limitTries(db, user);
  const [row] = await tx
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  const step = row?.enabledAt ? matchTotp(readTotpSecret(key, row), code, row.lastUsedStep) : null;
  if (step === null) return fail("invalid_code");
  const removed = await tx
    .delete(schema.totpCredentials)
    .where(
      and(
        eq(schema.totpCredentials.userId, user.id),
        isNotNull(schema.totpCredentials.enabledAt),
        newerStep(step),
      ),
    )
    .returning({ userId: schema.totpCredentials.userId });
  if (removed.length === 0) return fail("invalid_code");
  await audit(tx, { actorUserId: user.id, action: "auth.mfa_disabled" });
}
