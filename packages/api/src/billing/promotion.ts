// The promotion code check of the plan cards (document 3 §7 GET /api/shared/stripe/promotion/{code}):
// public, so each lookup counts against the caller's address before Stripe is asked.
import { addressSubject, enforce, type RateRule } from "@kunto/auth";
import { AppError } from "@kunto/core";
import type { Db } from "@kunto/db";
import type Stripe from "stripe";
import type { ApiConfig } from "../context";
import { callStripe, stripeOf } from "./stripe";

/**
 * Lookups per client address (its /64 for IPv6): enough for a person trying a few spellings, too
 * few to walk through guessed codes, and Stripe's own rate limit is never spent by one caller.
 */
export const PROMOTION_LOOKUP_RULE: RateRule = {
  name: "promotion:address",
  limit: 30,
  windowSeconds: 15 * 60,
};

/** A promotion code as the checkout will apply it: its coupon's discount and how long it lasts. */
export interface Promotion {
  code: string;
  percentOff: number | null;
  /** In the currency's smallest unit (cents), with `currency`; null for a percentage. */
  amountOff: number | null;
  currency: string | null;
  /** Stripe's word: `forever`, `once` or `repeating` (kept as Stripe says it, should it add another). */
  duration: string;
  /** With `repeating`: for how many months. */
  durationInMonths: number | null;
}

/** The active promotion code `code` (Stripe matches it regardless of case), or 404 `promotion_code_unknown`. */
export async function lookUpPromotion(
  db: Db,
  config: ApiConfig,
  ip: string,
  code: string,
): Promise<Promotion> {
  const stripe = stripeOf(config);
  await enforce(db, [[PROMOTION_LOOKUP_RULE, addressSubject(ip)]]);
  const found = await callStripe(() =>
    stripe.promotionCodes.list({ code, active: true, limit: 1, expand: ["data.promotion.coupon"] }),
  );
  const promotion = found.data[0];
  const coupon = promotion?.promotion.coupon;
  if (!promotion || !coupon || typeof coupon === "string" || !coupon.valid)
    throw new AppError("promotion_code_unknown");
  return promotionOf(promotion.code, coupon);
}

const promotionOf = (code: string, coupon: Stripe.Coupon): Promotion => ({
  code,
  percentOff: coupon.percent_off,
  amountOff: coupon.amount_off,
  currency: coupon.amount_off === null ? null : coupon.currency,
  duration: coupon.duration,
  durationInMonths: coupon.duration === "repeating" ? coupon.duration_in_months : null,
});
