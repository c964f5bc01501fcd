import type { AppRouter } from "@kunto/api";
import type { inferRouterOutputs } from "@trpc/server";

type Outputs = inferRouterOutputs<AppRouter>;
export type PlanPrice = Outputs["billing"]["prices"][number];
export type BillingCard = Outputs["billing"]["customer"];
export type BillingInterval = PlanPrice["interval"];

/** Document 3 §9: the TOTAL plan is shown as "starting 999", with a link to ask for a quote. */
export const TOTAL_STARTING_AMOUNT = 999;

/** Document 3 §9: checkout's default interval is the year. */
export const DEFAULT_INTERVAL: BillingInterval = "year";

/**
 * A price per month in currency units (document 3 §9): a yearly price is its unit amount divided by
 * 12 and by 100, a monthly one divided by 100. Not rounded here: the one rounding is the display's.
 */
export function monthlyAmount(price: Pick<PlanPrice, "interval" | "unitAmount">): number {
  return price.interval === "year" ? price.unitAmount / 12 / 100 : price.unitAmount / 100;
}

/** The plan's price for the interval (only interval count 1 reaches the client); null when Stripe has none. */
export function priceOf(
  prices: readonly PlanPrice[],
  plan: PlanPrice["plan"],
  interval: BillingInterval,
): PlanPrice | null {
  return prices.find((price) => price.plan === plan && price.interval === interval) ?? null;
}

/**
 * What paying yearly saves against twelve monthly payments, in whole percent rounded down (the
 * spec's "saves up to 20%"); null without both prices or without a saving.
 */
export function yearlySaving(prices: readonly PlanPrice[], plan: PlanPrice["plan"]): number | null {
  const monthly = priceOf(prices, plan, "month");
  const yearly = priceOf(prices, plan, "year");
  if (!monthly || !yearly || monthly.currency !== yearly.currency || monthly.unitAmount <= 0) return null;
  // In whole cents, so 20% is not 19.999…%.
  const twelveMonths = monthly.unitAmount * 12;
  const saving = Math.floor(((twelveMonths - yearly.unitAmount) * 100) / twelveMonths);
  return saving > 0 ? saving : null;
}

/**
 * Whether the organisation can start a checkout: it gets FREE now and has no live subscription
 * (none, or one that has ended). A live one, even unpaid, is changed in the payment details.
 */
export function canStartCheckout(card: Pick<BillingCard, "configured" | "plan" | "status">): boolean {
  return card.configured && card.plan === "FREE" && (card.status === null || card.status === "CANCELED");
}
