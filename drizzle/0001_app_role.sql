-- The server's request pool connects as kunto_app: not a superuser, owns no table, cannot bypass
-- row-level security. Roles are cluster-wide, hence IF NOT EXISTS. LOGIN and the password are
-- set by the migrator at start-up (packages/db/src/app-role.ts), never in a migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kunto_app') THEN
    CREATE ROLE kunto_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kunto_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO kunto_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO kunto_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kunto_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO kunto_app;--> statement-breakpoint
-- Second wall: even the owner obeys the policies of tenant-owned tables.
ALTER TABLE "tenants" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memberships" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_values" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "email_subscriptions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;
