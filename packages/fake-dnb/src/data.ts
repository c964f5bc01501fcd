/** What the fake knows: organisations by D-U-N-S, each with its match data and statements. */
export interface FakeAddress {
  streetAddress: { line1: string; line2?: string | null };
  addressLocality: { name: string };
  addressRegion?: { name?: string; abbreviatedName?: string } | null;
  postalCode: string;
  addressCountry: { name: string; isoAlpha2Code: string };
}

/** A statement as the fake answers it: the KPI names of Kunto's financial record (fractions for %). */
export interface FakeStatement {
  financialStatementToDate: string;
  currency: "USD" | "EUR";
  overview: Record<string, number | null>;
}

export interface FakeCompany {
  duns: string;
  primaryName: string;
  registrationNumbers: string[];
  primaryAddress: FakeAddress;
  statements: FakeStatement[];
}

const address = (
  line1: string,
  city: string,
  postalCode: string,
  country: string,
  iso: string,
): FakeAddress => ({
  streetAddress: { line1, line2: null },
  addressLocality: { name: city },
  addressRegion: null,
  postalCode,
  addressCountry: { name: country, isoAlpha2Code: iso },
});

/** Five years of statements, growing a little each year. */
export function statementsFor(currency: "USD" | "EUR", lastYear: number, revenue: number): FakeStatement[] {
  return [4, 3, 2, 1, 0].map((back) => {
    const sales = Math.round(revenue * (1 - back * 0.06));
    return {
      financialStatementToDate: `${lastYear - back}-12-31`,
      currency,
      overview: {
        salesRevenue: sales,
        salesMargin: Math.round(sales * 0.42),
        salesMarginPercent: 0.42,
        debtsPercent: 0.35 + back * 0.03,
        ebitda: Math.round(sales * (0.09 - back * 0.01)),
        ebitdaPercent: 0.09 - back * 0.01,
        workingCapital: Math.round(sales * 0.12),
        workingCapitalPercent: 0.12,
        inventoriesToRevenuePercent: 0.08,
        salesReceivablesCycle: 28 + back * 4,
        investedCapitalReturnPercent: 0.16 - back * 0.03,
        quickRatio: 1.1 - back * 0.1,
        currentRatio: 1.8 - back * 0.1,
        equityRatioPercent: 0.42 - back * 0.03,
        totalReturnOfEquityPercent: 0.12 - back * 0.02,
      },
    };
  });
}

/** The default organisations: two Finnish and one American. */
export function defaultCompanies(): FakeCompany[] {
  return [
    {
      duns: "539876543",
      primaryName: "Esimerkki Oy",
      registrationNumbers: ["1234567-8"],
      primaryAddress: address("Mannerheimintie 1", "Helsinki", "00100", "Finland", "FI"),
      statements: statementsFor("EUR", 2025, 4_200_000),
    },
    {
      duns: "539876544",
      primaryName: "Esimerkki Palvelut Oy",
      registrationNumbers: ["2345678-9"],
      primaryAddress: address("Hämeenkatu 5", "Tampere", "33100", "Finland", "FI"),
      statements: statementsFor("EUR", 2025, 1_100_000),
    },
    {
      duns: "804735132",
      primaryName: "Example Inc",
      registrationNumbers: ["12-3456789"],
      primaryAddress: address("1 Main Street", "Austin", "78701", "United States", "US"),
      statements: statementsFor("USD", 2025, 9_800_000),
    },
  ];
}
