import { describe, expect, it } from "vitest";
import {
  compareKpi,
  formatKpi,
  gradeColor,
  KPI_BY_KEY,
  KPI_DEFINITIONS,
  KPI_KEYS,
  type KpiKey,
  statementsShown,
} from "./financials";

describe("KPI cards", () => {
  it("are the 15 cards of document 3 §2 in its order", () => {
    expect(KPI_DEFINITIONS.map((d) => d.key)).toEqual([...KPI_KEYS]);
    expect(KPI_KEYS).toHaveLength(15);
  });

  // Both sides of every threshold: [kpi, value, colour].
  const cases: [KpiKey, number | null, string][] = [
    // Spec §9: invested capital return 0, 0.089, 0.149, 0.25.
    ["investedCapitalReturnPercent", -0.01, "red"],
    ["investedCapitalReturnPercent", 0, "orange"],
    ["investedCapitalReturnPercent", 0.088, "orange"],
    ["investedCapitalReturnPercent", 0.089, "yellow"],
    ["investedCapitalReturnPercent", 0.148, "yellow"],
    ["investedCapitalReturnPercent", 0.149, "lime"],
    ["investedCapitalReturnPercent", 0.249, "lime"],
    ["investedCapitalReturnPercent", 0.25, "green"],
    // Quick ratio 0.5 and 1.
    ["quickRatio", 0.49, "red"],
    ["quickRatio", 0.5, "yellow"],
    ["quickRatio", 0.99, "yellow"],
    ["quickRatio", 1, "green"],
    // Current ratio 1 and 2.
    ["currentRatio", 0.99, "red"],
    ["currentRatio", 1, "yellow"],
    ["currentRatio", 1.99, "yellow"],
    ["currentRatio", 2, "green"],
    // Equity ratio 0.2 and 0.4.
    ["equityRatioPercent", 0.19, "red"],
    ["equityRatioPercent", 0.2, "yellow"],
    ["equityRatioPercent", 0.39, "yellow"],
    ["equityRatioPercent", 0.4, "green"],
    // Total return of equity 0.05 and 0.1.
    ["totalReturnOfEquityPercent", 0.049, "red"],
    ["totalReturnOfEquityPercent", 0.05, "yellow"],
    ["totalReturnOfEquityPercent", 0.099, "yellow"],
    ["totalReturnOfEquityPercent", 0.1, "green"],
    // Reasoned thresholds (docs/financials.md).
    ["salesMargin", -1, "red"],
    ["salesMargin", 0, "green"],
    ["salesMarginPercent", -0.01, "red"],
    ["salesMarginPercent", 0.19, "yellow"],
    ["salesMarginPercent", 0.2, "green"],
    ["ebitda", -1, "red"],
    ["ebitda", 0, "green"],
    ["ebitdaPercent", 0.049, "red"],
    ["ebitdaPercent", 0.05, "yellow"],
    ["ebitdaPercent", 0.1, "green"],
    ["workingCapital", -1, "red"],
    ["workingCapital", 0, "green"],
    ["workingCapitalPercent", -0.01, "red"],
    ["workingCapitalPercent", 0, "yellow"],
    ["workingCapitalPercent", 0.1, "green"],
    // Inverted: lower is better, the threshold itself still in the better band.
    ["debtsPercent", 0.4, "green"],
    ["debtsPercent", 0.41, "yellow"],
    ["debtsPercent", 0.8, "yellow"],
    ["debtsPercent", 0.81, "red"],
    ["inventoriesToRevenuePercent", 0.1, "green"],
    ["inventoriesToRevenuePercent", 0.2, "yellow"],
    ["inventoriesToRevenuePercent", 0.21, "red"],
    ["salesReceivablesCycle", 30, "green"],
    ["salesReceivablesCycle", 31, "yellow"],
    ["salesReceivablesCycle", 60, "yellow"],
    ["salesReceivablesCycle", 61, "red"],
    // No thresholds, no value.
    ["salesRevenue", 1_000_000, "gray"],
    ["quickRatio", null, "gray"],
  ];
  it.each(cases)("%s %s is %s", (key, value, color) => {
    expect(gradeColor(KPI_BY_KEY[key], value)).toBe(color);
  });
});

describe("formats", () => {
  it("percent, number, currency with $ or €, N/A", () => {
    expect(formatKpi(0.1234, "percent", "EUR")).toBe("12.3%");
    expect(formatKpi(1.5, "number", "EUR")).toBe("1.50");
    expect(formatKpi(1234567.4, "currency", "EUR")).toBe("€1,234,567");
    expect(formatKpi(-2500, "currency", "USD")).toBe("-$2,500");
    expect(formatKpi(null, "currency", "USD")).toBe("N/A");
    expect(formatKpi(undefined, "percent", "USD", "en", "–")).toBe("–");
    expect(formatKpi(Number.NaN, "number", "USD")).toBe("N/A");
  });
});

describe("comparison with the previous statement", () => {
  it("answers the previous value, its colour, the direction and whether it improved", () => {
    expect(compareKpi(KPI_BY_KEY.quickRatio, 1.2, 0.8)).toEqual({
      previous: 0.8,
      previousColor: "yellow",
      direction: "up",
      improved: true,
    });
    expect(compareKpi(KPI_BY_KEY.quickRatio, 0.4, 0.8)).toMatchObject({ direction: "down", improved: false });
    // Inverted: debts going down is better.
    expect(compareKpi(KPI_BY_KEY.debtsPercent, 0.3, 0.5)).toMatchObject({
      direction: "down",
      improved: true,
    });
    expect(compareKpi(KPI_BY_KEY.debtsPercent, 0.5, 0.5)).toMatchObject({
      direction: "same",
      improved: null,
    });
    expect(compareKpi(KPI_BY_KEY.ebitda, 10, null)).toEqual({
      previous: null,
      previousColor: "gray",
      direction: null,
      improved: null,
    });
  });
});

describe("years rule", () => {
  const years = [2018, 2019, 2020, 2021, 2022, 2023].map((y) => ({ financialStatementToDate: `${y}-12-31` }));
  const shown = (surveyYears: number[]) =>
    statementsShown([...years].reverse(), surveyYears).map((s) => s.financialStatementToDate.slice(0, 4));

  it("shows the latest four, oldest first, when surveys span less than four years", () => {
    expect(shown([])).toEqual(["2020", "2021", "2022", "2023"]);
    expect(shown([2019, 2021])).toEqual(["2020", "2021", "2022", "2023"]);
  });
  it("shows from the earliest survey year when surveys span four years or more", () => {
    expect(shown([2019, 2022])).toEqual(["2019", "2020", "2021", "2022", "2023"]);
    expect(shown([2018, 2020, 2021])).toEqual(["2018", "2019", "2020", "2021", "2022", "2023"]);
  });
  it("fewer statements than four are all shown", () => {
    expect(statementsShown(years.slice(0, 2), [])).toHaveLength(2);
  });
});
