/**
 * Financials (document 3 §2 "Financials screen", §3, §9; issue 23; docs/financials.md). The KPI
 * cards in the spec's order, their formats, the grade thresholds, the comparison with the previous
 * statement and the years rule. Pure: the screen and the API share it.
 */

export const FINANCIAL_CURRENCIES = ["USD", "EUR"] as const;
export type FinancialCurrency = (typeof FINANCIAL_CURRENCIES)[number];

export type KpiFormat = "currency" | "percent" | "number";

/** The KPI fields of a financial record (document 3 §3), in the screen's card order (§2). */
export const KPI_KEYS = [
  "salesRevenue",
  "salesMargin",
  "salesMarginPercent",
  "debtsPercent",
  "ebitda",
  "ebitdaPercent",
  "workingCapital",
  "workingCapitalPercent",
  "inventoriesToRevenuePercent",
  "salesReceivablesCycle",
  "investedCapitalReturnPercent",
  "quickRatio",
  "currentRatio",
  "equityRatioPercent",
  "totalReturnOfEquityPercent",
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

/**
 * A KPI card's definition. Percent values are fractions (0.25 is 25 %), as the thresholds of §9.
 * `thresholds` ascend; a value at or above the n-th threshold (at or below it when `inverted`,
 * lower being better) is in band n. `source` says where the thresholds come from (docs/financials.md).
 */
export interface KpiDefinition {
  key: KpiKey;
  format: KpiFormat;
  thresholds: readonly number[];
  inverted: boolean;
  source: "spec" | "reasoned" | "none";
}

const kpi = (
  key: KpiKey,
  format: KpiFormat,
  thresholds: readonly number[],
  source: KpiDefinition["source"],
  inverted = false,
): KpiDefinition => ({ key, format, thresholds, inverted, source });

export const KPI_DEFINITIONS: readonly KpiDefinition[] = [
  // An organisation's size is no grade: its card shows the change only.
  kpi("salesRevenue", "currency", [], "none"),
  kpi("salesMargin", "currency", [0], "reasoned"),
  kpi("salesMarginPercent", "percent", [0, 0.2], "reasoned"),
  // Relative indebtedness (debts / revenue), lower is better.
  kpi("debtsPercent", "percent", [0.4, 0.8], "reasoned", true),
  kpi("ebitda", "currency", [0], "reasoned"),
  kpi("ebitdaPercent", "percent", [0.05, 0.1], "reasoned"),
  kpi("workingCapital", "currency", [0], "reasoned"),
  kpi("workingCapitalPercent", "percent", [0, 0.1], "reasoned"),
  kpi("inventoriesToRevenuePercent", "percent", [0.1, 0.2], "reasoned", true),
  // Days; the EU late-payment directive's 30 and 60 days (docs/financials.md).
  kpi("salesReceivablesCycle", "number", [30, 60], "reasoned", true),
  kpi("investedCapitalReturnPercent", "percent", [0, 0.089, 0.149, 0.25], "spec"),
  kpi("quickRatio", "number", [0.5, 1], "spec"),
  kpi("currentRatio", "number", [1, 2], "spec"),
  kpi("equityRatioPercent", "percent", [0.2, 0.4], "spec"),
  kpi("totalReturnOfEquityPercent", "percent", [0.05, 0.1], "spec"),
];

export const KPI_BY_KEY = /* @__PURE__ */ Object.fromEntries(
  KPI_DEFINITIONS.map((d) => [d.key, d]),
) as Record<KpiKey, KpiDefinition>;

/** A grade's colour (Mantine colour names); `gray` for no value or no thresholds. */
export type GradeColor = "red" | "orange" | "yellow" | "lime" | "green" | "gray";

/** Colours from worst to best, by the number of bands (thresholds + 1). */
const BAND_COLORS: Record<number, readonly GradeColor[]> = {
  2: ["red", "green"],
  3: ["red", "yellow", "green"],
  4: ["red", "orange", "lime", "green"],
  5: ["red", "orange", "yellow", "lime", "green"],
};

/** The band (0 = worst) of a value; null without a value or without thresholds. */
export function kpiBand(definition: KpiDefinition, value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (definition.thresholds.length === 0) return null;
  if (definition.inverted) return definition.thresholds.filter((t) => value <= t).length;
  return definition.thresholds.filter((t) => value >= t).length;
}

export function gradeColor(definition: KpiDefinition, value: number | null | undefined): GradeColor {
  const band = kpiBand(definition, value);
  if (band === null) return "gray";
  return BAND_COLORS[definition.thresholds.length + 1]?.[band] ?? "gray";
}

const CURRENCY_PREFIX: Record<FinancialCurrency, string> = { USD: "$", EUR: "€" };

/**
 * A value as the card shows it: percent (one decimal), a plain number (two decimals), or currency
 * with a $ or € prefix (whole units). Missing values answer `na` ("N/A", translated by the caller).
 */
export function formatKpi(
  value: number | null | undefined,
  format: KpiFormat,
  currency: FinancialCurrency,
  locale = "en",
  na = "N/A",
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return na;
  if (format === "percent")
    return new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(value);
  if (format === "number")
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      value,
    );
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.abs(value));
  return `${value < 0 ? "-" : ""}${CURRENCY_PREFIX[currency]}${amount}`;
}

export type KpiDirection = "up" | "down" | "same";

export interface KpiComparison {
  previous: number | null;
  /** The previous statement's grade colour. */
  previousColor: GradeColor;
  /** null when either value is missing. */
  direction: KpiDirection | null;
  /** Whether the change is an improvement (lower is better for inverted KPIs); null: no change or no values. */
  improved: boolean | null;
}

/** The selected statement's value against the previous statement's (document 3 §2). */
export function compareKpi(
  definition: KpiDefinition,
  current: number | null | undefined,
  previous: number | null | undefined,
): KpiComparison {
  const prev = previous ?? null;
  const previousColor = gradeColor(definition, prev);
  if (current === null || current === undefined || prev === null)
    return { previous: prev, previousColor, direction: null, improved: null };
  const direction: KpiDirection = current > prev ? "up" : current < prev ? "down" : "same";
  const improved = direction === "same" ? null : (direction === "up") !== definition.inverted;
  return { previous: prev, previousColor, direction, improved };
}

/** How many statements the screen shows when the surveys are younger than that (document 3 §2). */
export const FINANCIAL_YEARS_SHOWN = 4;

/**
 * The years rule (document 3 §2): the latest four statements; or, when the surveys span four years
 * or more (earliest to latest survey year, both counted), every statement from the earliest survey
 * year onward. Statements are answered oldest first.
 */
export function statementsShown<T extends { financialStatementToDate: string }>(
  statements: readonly T[],
  surveyYears: readonly number[],
): T[] {
  const sorted = [...statements].sort((a, b) =>
    a.financialStatementToDate.localeCompare(b.financialStatementToDate),
  );
  if (surveyYears.length > 0) {
    const first = Math.min(...surveyYears);
    const last = Math.max(...surveyYears);
    if (last - first + 1 >= FINANCIAL_YEARS_SHOWN)
      return sorted.filter((s) => Number(s.financialStatementToDate.slice(0, 4)) >= first);
  }
  return sorted.slice(-FINANCIAL_YEARS_SHOWN);
}

/** The fetch's states (the job-state record, docs/decisions.md "Financials"). */
export const FINANCIAL_FETCH_STATUSES = ["idle", "queued", "running", "done", "failed"] as const;
export type FinancialFetchStatus = (typeof FINANCIAL_FETCH_STATUSES)[number];
