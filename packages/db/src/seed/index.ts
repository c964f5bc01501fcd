import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "../client";
import * as schema from "../schema";
import { loadDefaultContent } from "./content";
import { DEMO_EMAIL, DEMO_SUBSIDIARY, DEMO_SUBSIDIARY_MEMBERS, DEMO_TENANT, DEMO_USERS } from "./demo";

export { DEMO_EMAIL, DEMO_TENANT } from "./demo";

export interface SeedOptions {
  hashPassword: (password: string) => Promise<string>;
  adminEmail: string;
  /** When absent a password is generated and returned once. */
  adminPassword?: string;
}

export interface SeedResult {
  created: boolean;
  admin: { email: string; password: string | null };
}

/**
 * Default content, the platform admin and the demo accounts, in the caller's system-role
 * transaction. Content is loaded at every start (edited texts are kept); the accounts once: a
 * database that already has the admin is left alone (its admin password is not printed again).
 * No demo user has a password: visitors get private copies (sandboxes, issue 6.6). The demo's
 * surveys, answers and tasks are added by `seed` in @kunto/api, which stores answers through the
 * respondent page's own code.
 */
export async function seedPlatform(tx: Tx, options: SeedOptions): Promise<SeedResult> {
  // Every start: new default content reaches existing databases; edited texts are kept.
  await loadDefaultContent(tx);
  const existing = await tx.execute(sql`select 1 from users where email = ${options.adminEmail}`);
  if (existing.length > 0) return { created: false, admin: { email: options.adminEmail, password: null } };
  const adminPassword = options.adminPassword ?? randomBytes(12).toString("base64url");
  await tx.insert(schema.users).values({
    type: "CLOUD",
    email: options.adminEmail,
    firstName: "Platform",
    lastName: "Admin",
    systemRoles: ["admin"],
    passwordHash: await options.hashPassword(adminPassword),
    emailConfirmedAt: new Date(),
  });
  const [tenant] = await tx.insert(schema.tenants).values(DEMO_TENANT).returning();
  if (!tenant) throw new Error("demo tenant not created");
  const [subsidiary] = await tx.insert(schema.tenants).values(DEMO_SUBSIDIARY).returning();
  if (!subsidiary) throw new Error("demo subsidiary not created");
  for (const person of DEMO_USERS) {
    const [user] = await tx
      .insert(schema.users)
      .values({
        type: person.type,
        email: person.email,
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        systemRoles: person.systemRoles,
        language: person.language,
        isDemo: person.email === DEMO_EMAIL,
        // Nobody signs in as a seeded demo person: "Try the demo" opens a private copy.
        passwordHash: null,
        emailConfirmedAt: person.type === "CLOUD" ? new Date() : null,
      })
      .returning();
    if (!user) continue;
    await tx
      .insert(schema.memberships)
      .values({ tenantId: tenant.id, userId: user.id, roles: person.tenantRoles });
    const inSubsidiary = DEMO_SUBSIDIARY_MEMBERS.find((m) => m.email === person.email);
    if (inSubsidiary)
      await tx
        .insert(schema.memberships)
        .values({ tenantId: subsidiary.id, userId: user.id, roles: inSubsidiary.roles });
  }
  await tx.insert(schema.tenantValues).values({ tenantId: tenant.id, key: "onboarding", value: "7" });
  return { created: true, admin: { email: options.adminEmail, password: adminPassword } };
}
