import { generateTotpSecret, matchTotp, totpUri } from "@kunto/auth";
import { schema, type Tx } from "@kunto/db";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { UserRow } from "../context";
import { fail } from "../errors";
import { audit } from "./audit";
import { assertNotDemo } from "./users";

/** Starts (or restarts) set-up: the secret is stored but not active until a code proves it. */
export async function beginSetup(tx: Tx, user: UserRow) {
  assertNotDemo(user);
  const secret = generateTotpSecret();
  const [existing] = await tx
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  if (existing?.enabledAt) fail("access_denied");
  await tx
    .insert(schema.totpCredentials)
    .values({ userId: user.id, secret: Buffer.from(secret) })
    .onConflictDoUpdate({
      target: schema.totpCredentials.userId,
      set: { secret: Buffer.from(secret), enabledAt: null },
    });
  return {
    uri: totpUri("Kunto", user.email ?? user.username ?? user.id, secret),
    secret: encodeBase32UpperCaseNoPadding(secret),
  };
}

export async function enable(tx: Tx, user: UserRow, code: string) {
  const [row] = await tx
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  const step = row ? matchTotp(row.secret, code) : null;
  if (step === null) return fail("invalid_code");
  await tx
    .update(schema.totpCredentials)
    .set({ enabledAt: new Date(), lastUsedStep: step })
    .where(eq(schema.totpCredentials.userId, user.id));
  await audit(tx, { actorUserId: user.id, action: "auth.mfa_enabled" });
}

export async function disable(tx: Tx, user: UserRow, code: string) {
  const [row] = await tx
    .select()
    .from(schema.totpCredentials)
    .where(eq(schema.totpCredentials.userId, user.id));
  if (!row?.enabledAt || matchTotp(row.secret, code, row.lastUsedStep) === null) return fail("invalid_code");
  await tx.delete(schema.totpCredentials).where(eq(schema.totpCredentials.userId, user.id));
  await audit(tx, { actorUserId: user.id, action: "auth.mfa_disabled" });
}
