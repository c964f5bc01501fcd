import { KPI_KEYS, type KpiKey } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { and, eq, isNull } from "drizzle-orm";

/**
 * Five years of financial statements for the demo organisations (issue 23), so the financials
 * screen and the dashboard's financial chart show something from the first visit. A steady
 * manufacturer recovering from a weak year: revenue grows, EBITDA % and the ratios improve, so the
 * cards show every grade colour somewhere and the comparison arrows point both ways. Euros, fiscal
 * years ending 31 December, the latest the year before `now`. Inserted once (unique per date).
 */
const PLAN: Record<KpiKey, number[]> = {
  // oldest → newest (five statements)
  salesRevenue: [9_400_000, 9_100_000, 10_200_000, 11_300_000, 12_100_000],
  salesMargin: [3_760_000, 3_458_000, 4_182_000, 4_746_000, 5_082_000],
  salesMarginPercent: [0.4, 0.38, 0.41, 0.42, 0.42],
  debtsPercent: [0.62, 0.84, 0.71, 0.55, 0.38],
  ebitda: [658_000, -91_000, 714_000, 1_017_000, 1_331_000],
  ebitdaPercent: [0.07, -0.01, 0.07, 0.09, 0.11],
  workingCapital: [1_128_000, 546_000, 1_020_000, 1_356_000, 1_573_000],
  workingCapitalPercent: [0.12, 0.06, 0.1, 0.12, 0.13],
  inventoriesToRevenuePercent: [0.19, 0.23, 0.18, 0.15, 0.12],
  salesReceivablesCycle: [48, 66, 52, 41, 33],
  investedCapitalReturnPercent: [0.06, -0.02, 0.09, 0.15, 0.21],
  quickRatio: [0.8, 0.45, 0.7, 0.95, 1.15],
  currentRatio: [1.4, 0.95, 1.3, 1.7, 2.1],
  equityRatioPercent: [0.31, 0.18, 0.27, 0.35, 0.43],
  totalReturnOfEquityPercent: [0.06, -0.03, 0.07, 0.11, 0.14],
};

/**
 * The demo organisations' D-U-N-S number, as if their statements had been fetched with it (so the
 * number's notice does not ask the visitor for one). Not a real organisation's number.
 */
export const DEMO_DUNS_NUMBER = "000000001";

export async function seedFinancials(tx: Tx, now = new Date()): Promise<number> {
  const demos = await tx
    .select({ id: schema.tenants.id })
    .from(schema.tenants)
    .where(and(eq(schema.tenants.isDemo, true), isNull(schema.tenants.sandboxId)));
  const lastYear = now.getUTCFullYear() - 1;
  let made = 0;
  for (const tenant of demos) {
    await tx
      .update(schema.tenants)
      .set({ dunsNumber: DEMO_DUNS_NUMBER })
      .where(and(eq(schema.tenants.id, tenant.id), isNull(schema.tenants.dunsNumber)));
    const rows = [0, 1, 2, 3, 4].map((i) => ({
      tenantId: tenant.id,
      financialStatementToDate: `${lastYear - 4 + i}-12-31`,
      currency: "EUR",
      source: "demo",
      ...(Object.fromEntries(KPI_KEYS.map((k) => [k, PLAN[k][i] ?? null])) as Record<KpiKey, number | null>),
    }));
    const inserted = await tx
      .insert(schema.financialStatements)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: schema.financialStatements.id });
    made += inserted.length;
  }
  return made;
}
