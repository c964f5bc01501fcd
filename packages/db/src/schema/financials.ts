import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, rowId, tenantId, tenantPolicy, tenantPrimaryKey } from "./columns";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Financials (document 3 §3 "Financial record"; issue 23; docs/decisions.md "Financials"). One
 * statement per organisation and statement date, as the provider (Dun & Bradstreet Direct+) or the
 * demo seed gave it. Percent KPIs are fractions (0.25 is 25 %), as the grade thresholds of §9.
 */
const tenantRef = () => tenantId().references(() => tenants.id, { onDelete: "cascade" });
const kpi = () => doublePrecision();

export const financialStatements = pgTable(
  "financial_statements",
  {
    id: rowId(),
    tenantId: tenantRef(),
    financialStatementToDate: date({ mode: "string" }).notNull(),
    currency: text().notNull(),
    salesRevenue: kpi(),
    salesMargin: kpi(),
    salesMarginPercent: kpi(),
    debtsPercent: kpi(),
    ebitda: kpi(),
    ebitdaPercent: kpi(),
    workingCapital: kpi(),
    workingCapitalPercent: kpi(),
    inventoriesToRevenuePercent: kpi(),
    /** Days. */
    salesReceivablesCycle: kpi(),
    investedCapitalReturnPercent: kpi(),
    quickRatio: kpi(),
    currentRatio: kpi(),
    equityRatioPercent: kpi(),
    totalReturnOfEquityPercent: kpi(),
    /** `dnb` (fetched) or `demo` (seeded). */
    source: text().notNull().default("dnb"),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex("financial_statements_tenant_date").on(t.tenantId, t.financialStatementToDate),
    check("financial_statements_currency", sql`${t.currency} in ('USD', 'EUR')`),
    tenantPolicy("financial_statements", t.tenantId),
  ],
);

/**
 * The statement fetch's state, one row per organisation (the job-state record the screen polls).
 * queued → running → done | failed; `progress` 0–100; `errorKey` an error key of @kunto/core when
 * failed. The pg-boss job claims the row (queued or running → running), so a second job for the
 * same organisation finds nothing to do.
 */
export const financialFetches = pgTable(
  "financial_fetches",
  {
    tenantId: tenantRef(),
    status: text().notNull().default("queued"),
    progress: smallint().notNull().default(0),
    errorKey: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requestedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId] }),
    index("financial_fetches_status").on(t.status),
    check("financial_fetches_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check("financial_fetches_progress_check", sql`${t.progress} between 0 and 100`),
    tenantPolicy("financial_fetches", t.tenantId),
  ],
);
