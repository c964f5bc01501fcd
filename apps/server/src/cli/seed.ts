// `pnpm db:seed`: migrates, then loads the default content and (on an empty database) the
// platform admin and the demo accounts. The server does the same at every start.

import { seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { migratedOwnerDatabase } from "@kunto/db";
import { loadConfig } from "../config";

const config = loadConfig();

const { system, stop } = await migratedOwnerDatabase();
try {
  const result = await seed({
    system,
    hashPassword,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  console.log(
    result.created
      ? `Seeded. Platform admin: ${result.admin.email} / ${result.admin.password}`
      : "Default content is up to date; accounts already exist.",
  );
} finally {
  await stop();
}
