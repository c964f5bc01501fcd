// `pnpm db:migrate`: applies the migrations in drizzle/ to DATABASE_URL, or to the embedded
// PostgreSQL under DATA_DIR (default .data), and prepares the request role.
import { migratedOwnerDatabase } from "../open";

const database = await migratedOwnerDatabase();
await database.stop();
console.log("Migrations applied.");
