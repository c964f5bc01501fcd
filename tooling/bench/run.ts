// Runs every `*.bench.ts` beside this file, one after another, each in its own process so
// that one benchmark's warm caches and garbage do not colour the next one's figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
