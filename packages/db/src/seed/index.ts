import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import * as schema from "../schema";
import { type SystemDb, withSystem } from "../scope";
import { loadDefaultContent } from "./content";
import { DEMO_EMAIL, DEMO_SUBSIDIARY, DEMO_SUBSIDIARY_MEMBERS, DEMO_TENANT, DEMO_USERS } from "./demo";
import { type SeedKeys, seedDemoSurveys } from "./demo-surveys";
import { seedDemoTasks } from "./demo-tasks";

export { DEMO_SURVEYS, engineQuestions, foldResponses, type SeedKeys, toRawAnswers } from "./demo-surveys";

export interface SeedOptions {
  /** The owner pool (`openDatabase().system`): the seed crosses tenants as the system role. */
  system: SystemDb;
  hashPassword: (password: string) => Promise<string>;
  /** `generatePublicKey` and `generateToken` of @kunto/auth, for the demo's teams, surveys and shares. */
  keys: SeedKeys;
  adminEmail: string;
  /** When absent a password is generated and returned once. */
  adminPassword?: string;
}

export interface SeedResult {
  created: boolean;
  admin: { email: string; password: string | null };
}

/**
 * Platform admin and demo account. Runs as the system role on the owner connection, once:
 * a database that already has the admin is left alone (its admin password is not printed again).
 * No demo user has a password: visitors get private copies (sandboxes, issue 6.6). The demo's
 * surveys and answers (issue 7) are added to a demo organisation that has no survey yet, so a
 * database seeded before them gets them at its next start.
 */
export async function seed(options: SeedOptions): Promise<SeedResult> {
  return withSystem(options.system, async (tx) => {
    // Every start: new default content reaches existing databases; edited texts are kept.
    await loadDefaultContent(tx);
    const existing = await tx.execute(sql`select 1 from users where email = ${options.adminEmail}`);
    if (existing.length > 0) {
      await seedDemoSurveys(tx, options.keys);
      await seedDemoTasks(tx);
      return { created: false, admin: { email: options.adminEmail, password: null } };
    }
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
    await seedDemoSurveys(tx, options.keys);
    await seedDemoTasks(tx);
    return { created: true, admin: { email: options.adminEmail, password: adminPassword } };
  });
}
