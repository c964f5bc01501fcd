// What a Stripe subscription means for an organisation's plan (issue 21): pure, so the webhook's
// rule is tested without Stripe. docs/decisions.md "Billing (issue 21)" says the same in words.
import { PAYMENT_GRACE_DAYS, type Plan, type SubscriptionStatus } from "@kunto/core";

/** Stripe's subscription statuses that still bill the organisation (everything but an ended one). */
const ENDED = new Set(["canceled", "incomplete_expired"]);
export const isLive = (stripeStatus: string): boolean => !ENDED.has(stripeStatus);

/** Kunto's status (document 3 §3) for Stripe's. A trial counts as paid: it gives the plan. */
export function subscriptionStatusOf(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case "active":
    case "trialing":
      return "PAID";
    case "past_due":
      return "PAYMENT_FAILED";
    case "unpaid":
      return "UNPAID";
    case "canceled":
    case "incomplete_expired":
      return "CANCELED";
    default:
      // incomplete (the first payment is not through), paused (a trial ended without a card)
      return "AWAITING_PAYMENT";
  }
}

/** The plan a product names in `metadata.plan` (PRO or TOTAL); null for anything else. */
export function planOfMetadata(
  metadata: Record<string, string> | null | undefined,
): Exclude<Plan, "FREE"> | null {
  const plan = metadata?.plan;
  return plan === "PRO" || plan === "TOTAL" ? plan : null;
}

/**
 * The subscription that decides the plan among a customer's: the newest live one, else the newest
 * (an ended one, which leaves FREE); null when there is none.
 */
export function currentSubscription<T extends { status: string; created: number }>(
  subs: readonly T[],
): T | null {
  const newestFirst = [...subs].sort((a, b) => b.created - a.created);
  return newestFirst.find((sub) => isLive(sub.status)) ?? newestFirst[0] ?? null;
}

/** The subscription as the plan checks and the payments card need it. */
export interface SubscriptionFacts {
  stripeStatus: string;
  /** The plan its price's product names; null when the product names none (left as it was). */
  plan: Plan | null;
}

export interface TenantPlanState {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  paymentGraceUntil: Date | null;
}

const DAY_MS = 86_400_000;

/**
 * The organisation's plan columns after its subscription is `facts`: a live subscription gives its
 * plan and status; an ended one gives FREE (CANCELED; the data stays, docs/decisions.md). A failed
 * payment keeps the plan for PAYMENT_GRACE_DAYS from the first failure seen: the grace end already
 * written is kept while the status stays PAYMENT_FAILED, and cleared once it leaves it.
 */
export function nextPlanState(
  current: TenantPlanState,
  facts: SubscriptionFacts,
  now: Date,
): TenantPlanState {
  if (!isLive(facts.stripeStatus))
    return { plan: "FREE", subscriptionStatus: "CANCELED", paymentGraceUntil: null };
  const subscriptionStatus = subscriptionStatusOf(facts.stripeStatus);
  const plan = facts.plan ?? current.plan;
  if (subscriptionStatus !== "PAYMENT_FAILED") return { plan, subscriptionStatus, paymentGraceUntil: null };
  const paymentGraceUntil =
    current.subscriptionStatus === "PAYMENT_FAILED" && current.paymentGraceUntil
      ? current.paymentGraceUntil
      : new Date(now.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
  return { plan, subscriptionStatus, paymentGraceUntil };
}
