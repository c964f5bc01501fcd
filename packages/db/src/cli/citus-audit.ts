import { citusGaps } from "../citus";

/** `pnpm db:citus-audit`: each tenant table and what keeps it from Citus co-location (issue 24). */
const result = citusGaps();
for (const { table, gaps } of result)
  console.log(`${table.padEnd(28)} ${gaps.length ? gaps.join("; ") : "ready"}`);
const ready = result.filter((r) => r.gaps.length === 0).length;
console.log(`\n${ready} of ${result.length} tenant tables ready to distribute by tenant_id`);
