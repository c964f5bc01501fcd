import type { Plan } from "@kunto/core";
import type Stripe from "stripe";
import type { ApiConfig } from "../context";
import { planOfMetadata } from "./state";
import { callStripe, stripeOf } from "./stripe";

/** A plan's price as the plan cards show it (document 3 §3 "Price", §9 "Price display"). */
export interface PlanPrice {
  id: string;
  plan: Exclude<Plan, "FREE">;
  interval: "month" | "year";
  intervalCount: 1;
  /** In the currency's smallest unit (cents), as Stripe says it. */
  unitAmount: number;
  /** ISO 4217, lower case as Stripe writes it (`eur`). */
  currency: string;
  currencySymbol: string;
}

/** The public price list is read from Stripe at most once a minute per client. */
const CACHE_MS = 60_000;
const cache = new WeakMap<Stripe, { at: number; prices: Promise<PlanPrice[]> }>();

export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat("en", { style: "currency", currency }).formatToParts(0);
    return parts.find((part) => part.type === "currency")?.value ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}

/** A price the plan cards use: active, recurring monthly or yearly with interval count 1, of a plan's product. */
export function planPriceOf(price: Stripe.Price): PlanPrice | null {
  const product = typeof price.product === "object" ? price.product : null;
  const recurring = price.recurring;
  if (!price.active || !product || product.deleted || !product.active) return null;
  const plan = planOfMetadata(product.metadata);
  if (!plan || !recurring || recurring.interval_count !== 1 || price.unit_amount === null) return null;
  const interval = recurring.interval === "month" ? "month" : recurring.interval === "year" ? "year" : null;
  if (!interval) return null;
  return {
    id: price.id,
    plan,
    interval,
    intervalCount: 1,
    unitAmount: price.unit_amount,
    currency: price.currency,
    currencySymbol: currencySymbol(price.currency),
  };
}

const ORDER = { PRO: 0, TOTAL: 1, month: 0, year: 1 } as const;

async function readPrices(stripe: Stripe): Promise<PlanPrice[]> {
  const prices = await callStripe(() =>
    stripe.prices
      .list({ active: true, type: "recurring", expand: ["data.product"], limit: 100 })
      .autoPagingToArray({ limit: 1000 }),
  );
  return prices
    .map(planPriceOf)
    .filter((price): price is PlanPrice => price !== null)
    .sort((a, b) => ORDER[a.plan] - ORDER[b.plan] || ORDER[a.interval] - ORDER[b.interval]);
}

/** The plans' prices (GET /api/shared/stripe/price); 409 `billing_not_configured` without keys. */
export async function listPlanPrices(config: ApiConfig): Promise<PlanPrice[]> {
  const stripe = stripeOf(config);
  const cached = cache.get(stripe);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.prices;
  const prices = readPrices(stripe);
  cache.set(stripe, { at: Date.now(), prices });
  // A failed read is not remembered: the next call asks Stripe again.
  prices.catch(() => cache.delete(stripe));
  return prices;
}
