// `pnpm db:seed`: migrates, then loads the default content and (on an empty database) the
// platform admin and the demo accounts. The server does the same at every start.
import { join } from "node:path";
import { hashPassword } from "@kunto/auth";
import { ensureAppRole, runMigrations, startEmbeddedPostgres } from "@kunto/db";
import { seed } from "@kunto/db/seed";

const dataDir = process.env.DATA_DIR ?? join(import.meta.dirname, "../../../../.data");
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dataDir);
const ownerUrl = process.env.DATABASE_URL ?? embedded?.url ?? "";
try {
  await runMigrations(ownerUrl);
  await ensureAppRole(ownerUrl);
  const result = await seed({
    ownerUrl,
    hashPassword,
    adminEmail: (process.env.ADMIN_EMAIL ?? "admin@kunto.local").toLowerCase(),
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    demoPassword: process.env.DEMO_PASSWORD ?? "Kunto-demo-2026-aurora",
  });
  console.log(
    result.created
      ? `Seeded. Platform admin: ${result.admin.email} / ${result.admin.password}`
      : "Default content is up to date; accounts already exist.",
  );
} finally {
  await embedded?.stop();
}
