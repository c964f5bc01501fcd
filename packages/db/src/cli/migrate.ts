// `pnpm db:migrate`: applies the migrations in drizzle/ to DATABASE_URL, or to the embedded
// PostgreSQL under DATA_DIR (default .data), and prepares the request role.
import { join } from "node:path";
import { ensureAppRole, runMigrations, startEmbeddedPostgres } from "../index";

const dataDir = process.env.DATA_DIR ?? join(import.meta.dirname, "../../../../.data");
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dataDir);
const ownerUrl = process.env.DATABASE_URL ?? embedded?.url ?? "";
try {
  await runMigrations(ownerUrl);
  await ensureAppRole(ownerUrl);
  console.log("Migrations applied.");
} finally {
  await embedded?.stop();
}
