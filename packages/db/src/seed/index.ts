import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import * as schema from "../schema";
import { type SystemDb, withSystem } from "../scope";
import { loadDefaultContent } from "./content";
import { DEMO_SUBSIDIARY, DEMO_SUBSIDIARY_MEMBERS, DEMO_TENANT, DEMO_USERS } from "./demo";

export interface SeedOptions {
  /** The owner pool (`openDatabase().system`): the seed crosses tenants as the system role. */
  system: SystemDb;
  hashPassword: (password: string) => Promise<string>;
  adminEmail: string;
  /** When absent a password is generated and returned once. */
  adminPassword?: string;
  demoEmail?: string;
  demoPassword: string;
}

export interface SeedResult {
  created: boolean;
  admin: { email: string; password: string | null };
  demo: { email: string; password: string };
}

/**
 * Platform admin and demo account. Runs as the system role on the owner connection, once:
 * a database that already has the admin is left alone (its admin password is not printed again).
 */
export async function seed(options: SeedOptions): Promise<SeedResult> {
  const demoEmail = options.demoEmail ?? "demo@kunto.local";
  return withSystem(options.system, async (tx) => {
    // Every start: new default content reaches existing databases; edited texts are kept.
    await loadDefaultContent(tx);
    const existing = await tx.execute(sql`select 1 from users where email = ${options.adminEmail}`);
    if (existing.length > 0) {
      return {
        created: false,
        admin: { email: options.adminEmail, password: null },
        demo: { email: demoEmail, password: options.demoPassword },
      };
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
      const isDemo = person.email === "demo@kunto.local";
      const [user] = await tx
        .insert(schema.users)
        .values({
          type: person.type,
          email: isDemo ? demoEmail : person.email,
          username: person.username,
          firstName: person.firstName,
          lastName: person.lastName,
          systemRoles: person.systemRoles,
          language: person.language,
          isDemo,
          // Only the demo user can sign in; the others are colleagues to look at and manage.
          passwordHash: isDemo ? await options.hashPassword(options.demoPassword) : null,
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
    return {
      created: true,
      admin: { email: options.adminEmail, password: adminPassword },
      demo: { email: demoEmail, password: options.demoPassword },
    };
  });
}
