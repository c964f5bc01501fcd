import { writeFileSync } from "node:fs";
import { openApiDocument } from "@kunto/api";

/**
 * Writes the REST document the server serves at /api/openapi.json to the file named, without a
 * server or a database: the input of `pnpm lint:openapi` (Spectral and Redocly). The servers entry
 * is the relative `/api`, as any deployment's APP_URL would prefix it.
 */
const [file] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx src/cli/openapi.ts <output.json>");
  process.exit(2);
}
writeFileSync(file, `${JSON.stringify(openApiDocument("/api"), null, 2)}\n`);
