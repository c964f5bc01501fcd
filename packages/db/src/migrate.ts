import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { SYSTEM_ROLE } from "./schema/columns";

export const APP_ROLE = "kunto_app";
export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** Applies the committed migrations with the owner connection. */
export async function runMigrations(ownerUrl: string): Promise<void> {
  const client = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

/**
 * The request pool's password. Taken from APP_DATABASE_PASSWORD, or derived from the owner URL
 * so that every instance started with the same configuration agrees without storing a secret.
 */
export function appRolePassword(ownerUrl: string): string {
  return (
    process.env.APP_DATABASE_PASSWORD ??
    createHash("sha256").update(`kunto-app-role:${ownerUrl}`).digest("base64url").slice(0, 32)
  );
}

/** Makes kunto_app able to log in and returns the URL the request pool uses. */
export async function ensureAppRole(ownerUrl: string): Promise<string> {
  const password = appRolePassword(ownerUrl);
  const client = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe(`ALTER ROLE ${APP_ROLE} WITH LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
  } finally {
    await client.end();
  }
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/** Refuses to serve if the request role could see across tenants. */
export async function assertRoleCannotBypassRls(appUrl: string): Promise<void> {
  const client = postgres(appUrl, { max: 1, onnotice: () => {} });
  try {
    const [role] = await client<{ rolsuper: boolean; rolbypassrls: boolean }[]>`
      select rolsuper, rolbypassrls from pg_roles where rolname = current_user`;
    if (!role || role.rolsuper || role.rolbypassrls) {
      throw new Error(
        "The database role of the request pool can bypass row-level security; refusing to start.",
      );
    }
    // The system role opens every tenant (scope.ts): the request role must not be able to enter it.
    const [system] = await client<{ member: boolean }[]>`
      select pg_has_role(current_user, ${SYSTEM_ROLE}, 'MEMBER') as member`;
    if (system?.member) {
      throw new Error(
        `The database role of the request pool is a member of ${SYSTEM_ROLE}; refusing to start.`,
      );
    }
    const owned = await client`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and pg_get_userbyid(c.relowner) = current_user
        and not c.relforcerowsecurity and c.relrowsecurity`;
    if (owned.length > 0) {
      throw new Error(
        `The request role owns tenant tables without FORCE RLS (${owned.map((r) => r.relname).join(", ")}).`,
      );
    }
  } finally {
    await client.end();
  }
}
