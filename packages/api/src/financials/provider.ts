import type { ErrorKey, FinancialCurrency, KpiKey } from "@kunto/core";

/** One match of the identity search (document 3 §3 "Identity search ... Result"). */
export interface IdentityMatch {
  duns: string;
  primaryName: string;
  primaryAddress: {
    streetAddress: { line1: string | null; line2: string | null };
    addressRegion: { name: string | null; abbreviatedName: string | null } | null;
    postalCode: string | null;
    addressLocality: { name: string | null };
    addressCountry: { name: string | null };
  };
  registrationNumbers: { registrationNumber: string }[];
  displaySequence: number;
}

/** A financial record (document 3 §3): the statement date, the currency and the KPI values. */
export type StatementRecord = {
  financialStatementToDate: string;
  currency: FinancialCurrency;
} & Record<KpiKey, number | null>;

export interface IdentityQuery {
  name: string;
  registrationNumber?: string | null;
  countryISOAlpha2Code: string;
}

/**
 * Where D-U-N-S numbers and statements come from (DECISIONS.md "Financials"). Failures are thrown
 * as `ProviderError` carrying the error key the caller answers.
 */
export interface FinancialsProvider {
  resolveIdentity(query: IdentityQuery): Promise<IdentityMatch[]>;
  fetchStatements(
    duns: string,
    onProgress?: (percent: number) => Promise<void> | void,
  ): Promise<StatementRecord[]>;
}

/** A provider failure: the HTTP status it answered (0: no answer) and the key to surface. */
export class ProviderError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
