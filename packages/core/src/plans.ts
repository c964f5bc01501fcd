/** Plans in upgrade order (document 1 §1, §9). An unpaid account counts as FREE. */
export const PLANS = ["FREE", "PRO", "TOTAL"] as const;
export type Plan = (typeof PLANS)[number];

/** Tenant status values of document 1 §3: the plan names plus ACTIVE / INACTIVE. */
export const TENANT_STATUSES = ["ACTIVE", "INACTIVE", "FREE", "PRO", "TOTAL"] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = [
  "AWAITING_PAYMENT",
  "PAID",
  "PAYMENT_FAILED",
  "UNPAID",
  "CANCELED",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PlanLimits {
  /** Maximum respondents (team recipients, share e-mails); null = unlimited. */
  answerers: number | null;
  /** Maximum suggested tasks; null = unlimited. */
  suggestedTasks: number | null;
  ownTasks: boolean;
  /**
   * Analyses that combine teams (document 2 §6): false = single-team analyses, each share holds
   * one team (a share made or changed to hold more is refused: 403 `plan_required`, feature
   * `combinedAnalyses`; see `maxTeamsPerShare`).
   */
  combinedAnalyses: boolean;
  /** Shares selectable in one report; null = any number. */
  maxSelectedShares: number | null;
  /**
   * The full dashboard (document 2 §6): false = the limited one, the latest surveys' figures and the
   * tasks without the comparison with earlier surveys (`dashboard.survey` leaves `previous` out).
   */
  fullDashboard: boolean;
  /** The organisation's logo and brand colour on the dashboard (document 2 §6 "full branded dashboard"). */
  brandedDashboard: boolean;
  /** The reports' heatmap of categories by target group (document 2, issue 8). */
  reportHeatmap: boolean;
  financials: boolean;
  shareByEmail: boolean;
  /** API keys for integrators (document 3 §2, issue 20): managed by tenant admins, usable on REST. */
  apiKeys: boolean;
  /** Webhooks for integrators (issue 20.4): endpoints managed by tenant admins, events delivered. */
  webhooks: boolean;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  FREE: {
    answerers: 10,
    suggestedTasks: 5,
    ownTasks: false,
    combinedAnalyses: false,
    maxSelectedShares: 1,
    fullDashboard: false,
    brandedDashboard: false,
    reportHeatmap: false,
    financials: false,
    shareByEmail: false,
    apiKeys: false,
    webhooks: false,
  },
  PRO: {
    answerers: 250,
    suggestedTasks: null,
    ownTasks: true,
    combinedAnalyses: true,
    maxSelectedShares: null,
    fullDashboard: true,
    brandedDashboard: false,
    reportHeatmap: true,
    financials: true,
    shareByEmail: true,
    apiKeys: true,
    webhooks: true,
  },
  TOTAL: {
    answerers: null,
    suggestedTasks: null,
    ownTasks: true,
    combinedAnalyses: true,
    maxSelectedShares: null,
    fullDashboard: true,
    brandedDashboard: true,
    reportHeatmap: true,
    financials: true,
    shareByEmail: true,
    apiKeys: true,
    webhooks: true,
  },
};

/** Plan features a procedure can require with `withPlan(...)`. */
export type PlanFeature = {
  [K in keyof PlanLimits]: PlanLimits[K] extends boolean ? K : never;
}[keyof PlanLimits];

export const planAllows = (plan: Plan, feature: PlanFeature): boolean => PLAN_LIMITS[plan][feature];

/** The most teams one share may hold on a plan (null: any number). */
export const maxTeamsPerShare = (plan: Plan): number | null =>
  PLAN_LIMITS[plan].combinedAnalyses ? null : 1;

/**
 * The share a report starts on when the plan limits the selected shares (issue 19.16): the first
 * one, in the order given (by name), that has answers; the first one when none has. null when
 * there is no share.
 */
export function defaultShareOf<T extends { answers: number }>(shares: readonly T[]): T | null {
  return shares.find((share) => share.answers > 0) ?? shares[0] ?? null;
}

export const isPaid = (plan: Plan): boolean => plan === "PRO" || plan === "TOTAL";

/**
 * How long an organisation whose renewal payment failed keeps its paid plan (docs/decisions.md
 * "Billing (issue 21)"): Stripe retries the card meanwhile; after it the organisation counts as FREE
 * until a payment succeeds. The webhook writes `paymentGraceUntil` = the first failure + this.
 */
export const PAYMENT_GRACE_DAYS = 7;

/**
 * The plan an account gets (document 1 §4: an unpaid account counts as FREE): its plan while the
 * subscription is paid or while there is none (a platform admin set the plan by hand), and while a
 * failed payment is within its grace period (`graceUntil` later than `now`); else FREE.
 * The database's `kunto_effective_plan` (migrations 0004, 0029) applies the same rule to plan checks.
 */
export function effectivePlan(
  plan: Plan,
  subscriptionStatus: SubscriptionStatus | null,
  graceUntil: Date | null = null,
  now: Date = new Date(),
): Plan {
  if (subscriptionStatus === null || subscriptionStatus === "PAID") return plan;
  if (subscriptionStatus === "PAYMENT_FAILED" && graceUntil !== null && graceUntil > now) return plan;
  return "FREE";
}

export function nextPlan(plan: Plan): Plan | null {
  const i = PLANS.indexOf(plan);
  return PLANS[i + 1] ?? null;
}
