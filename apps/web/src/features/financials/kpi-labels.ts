import type { KpiKey } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The KPI cards' titles (document 3 §2, in its order). */
export const KPI_LABELS: Record<KpiKey, MessageDescriptor> = {
  salesRevenue: msg`Sales revenue`,
  salesMargin: msg`Sales margin`,
  salesMarginPercent: msg`Sales margin %`,
  debtsPercent: msg`Debts %`,
  ebitda: msg`EBITDA`,
  ebitdaPercent: msg`EBITDA %`,
  workingCapital: msg`Working capital`,
  workingCapitalPercent: msg`Working capital %`,
  inventoriesToRevenuePercent: msg`Inventories to revenue %`,
  salesReceivablesCycle: msg`Sales receivables cycle (days)`,
  investedCapitalReturnPercent: msg`Return on invested capital %`,
  quickRatio: msg`Quick ratio`,
  currentRatio: msg`Current ratio`,
  equityRatioPercent: msg`Equity ratio %`,
  totalReturnOfEquityPercent: msg`Return on equity %`,
};
