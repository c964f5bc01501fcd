import { sql } from "drizzle-orm";
import { index, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, rowId, tenantId, tenantPolicy, tenantPrimaryKey } from "./columns";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * An organisation's API keys for integrators (document 3 §3, issue 20). The public key names the key
 * (in paths and in the `Authorization` header); only the SHA-256 of the private key is stored, as
 * for session tokens. Tenant-owned under the tenant policy; `kunto_use_api_key` (migration 0027)
 * finds a key by its public key before the tenant is known, through `api_keys_by_public_key`, which
 * applies to the owner role that function runs as and to no request role.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: rowId(),
    tenantId: tenantId().references(() => tenants.id, { onDelete: "cascade" }),
    name: text().notNull(),
    publicKey: text().notNull(),
    secretHash: text().notNull(),
    /** Addresses and CIDR ranges allowed to use the key; empty: every address (document 3 §5). */
    ips: text().array().notNull().default(sql`'{}'::text[]`),
    /** read: GET calls only; write: every call a key may make. */
    scope: text({ enum: ["read", "write"] })
      .notNull()
      .default("read"),
    /** 23:59:59 of the chosen day, Europe/Helsinki. */
    expireAt: timestamp({ withTimezone: true }).notNull(),
    /** Set by a key's call at most once a minute (not a write per call). */
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    /** The person who made it: calls of the key are credited to them (docs/decisions.md "API keys"). */
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex("api_keys_public_key").on(t.publicKey, t.tenantId),
    index("api_keys_tenant_idx").on(t.tenantId),
    tenantPolicy("api_keys", t.tenantId),
    pgPolicy("api_keys_by_public_key", {
      as: "permissive",
      for: "select",
      to: "current_user",
      using: sql`${t.publicKey} = (select nullif(current_setting('app.api_key', true), ''))`,
    }),
  ],
);
