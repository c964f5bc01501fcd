// Kunto's catalogue as the app expects to find it in Stripe: PRO and TOTAL products named by
// metadata.plan, monthly and yearly EUR prices, and a quarterly PRO price the app must ignore
// (only interval_count 1 is shown). Fixed ids so tests can name them.
import type { FakeState } from "./state";

export const SEED = {
  products: { PRO: "prod_kunto_pro", TOTAL: "prod_kunto_total" },
  prices: {
    PRO_MONTH: "price_kunto_pro_month",
    PRO_YEAR: "price_kunto_pro_year",
    PRO_QUARTER: "price_kunto_pro_quarter",
    TOTAL_MONTH: "price_kunto_total_month",
    TOTAL_YEAR: "price_kunto_total_year",
  },
  /** Unit amounts in cents (EUR); yearly prices are 20% below twelve months. */
  amounts: {
    PRO_MONTH: 2900,
    PRO_YEAR: 27840,
    PRO_QUARTER: 8100,
    TOTAL_MONTH: 99900,
    TOTAL_YEAR: 959040,
  },
  promotionCode: { id: "promo_kunto20", code: "KUNTO20", percentOff: 20 },
  /** 20 % off the first three months (a repeating coupon). */
  welcomeCode: { id: "promo_welcome20", code: "WELCOME20", percentOff: 20, durationInMonths: 3 },
  taxRate: { id: "txr_kunto_fi_vat", percentage: 25.5 },
} as const;

export function seedKunto(state: FakeState): void {
  const { products, prices, amounts } = SEED;
  state.addProduct({ id: products.PRO, name: "Kunto PRO", metadata: { plan: "PRO" } });
  state.addProduct({ id: products.TOTAL, name: "Kunto TOTAL", metadata: { plan: "TOTAL" } });
  const price = (id: string, product: string, unit_amount: number, interval: "month" | "year", count = 1) =>
    state.addPrice({ id, product, unit_amount, currency: "eur", interval, interval_count: count });
  price(prices.PRO_MONTH, products.PRO, amounts.PRO_MONTH, "month");
  price(prices.PRO_YEAR, products.PRO, amounts.PRO_YEAR, "year");
  price(prices.PRO_QUARTER, products.PRO, amounts.PRO_QUARTER, "month", 3);
  price(prices.TOTAL_MONTH, products.TOTAL, amounts.TOTAL_MONTH, "month");
  price(prices.TOTAL_YEAR, products.TOTAL, amounts.TOTAL_YEAR, "year");
  state.addPromotionCode({
    id: SEED.promotionCode.id,
    code: SEED.promotionCode.code,
    percent_off: SEED.promotionCode.percentOff,
  });
  state.addPromotionCode({
    id: SEED.welcomeCode.id,
    code: SEED.welcomeCode.code,
    percent_off: SEED.welcomeCode.percentOff,
    duration: "repeating",
    duration_in_months: SEED.welcomeCode.durationInMonths,
  });
  state.addTaxRate({
    id: SEED.taxRate.id,
    display_name: "ALV",
    description: "Finnish VAT",
    percentage: SEED.taxRate.percentage,
    country: "FI",
    jurisdiction: "FI",
  });
}
