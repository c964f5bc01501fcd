import { describe, expect, it } from "vitest";
import { currentSubscription, nextPlanState, planOfMetadata, subscriptionStatusOf } from "./state";

const now = new Date("2026-11-26T12:00:00Z");
const FREE_BY_HAND = { plan: "FREE", subscriptionStatus: null, paymentGraceUntil: null } as const;

describe("a Stripe subscription's meaning for the plan (issue 21)", () => {
  it("maps Stripe's statuses onto document 3's", () => {
    expect(
      [
        "trialing",
        "active",
        "past_due",
        "unpaid",
        "incomplete",
        "paused",
        "canceled",
        "incomplete_expired",
      ].map(subscriptionStatusOf),
    ).toEqual([
      "PAID",
      "PAID",
      "PAYMENT_FAILED",
      "UNPAID",
      "AWAITING_PAYMENT",
      "AWAITING_PAYMENT",
      "CANCELED",
      "CANCELED",
    ]);
  });

  it("reads the plan from the product's metadata, PRO and TOTAL only", () => {
    expect([planOfMetadata({ plan: "PRO" }), planOfMetadata({ plan: "TOTAL" })]).toEqual(["PRO", "TOTAL"]);
    expect([planOfMetadata({ plan: "FREE" }), planOfMetadata({}), planOfMetadata(null)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("decides by the newest live subscription, else the newest ended one", () => {
    const old = { id: "old", status: "canceled", created: 1 };
    const live = { id: "live", status: "active", created: 2 };
    const newer = { id: "newer", status: "canceled", created: 3 };
    expect(currentSubscription([old, newer, live])?.id).toBe("live");
    expect(currentSubscription([old, newer])?.id).toBe("newer");
    expect(currentSubscription([])).toBeNull();
  });

  it("gives a live subscription its plan and an ended one FREE", () => {
    expect(nextPlanState(FREE_BY_HAND, { stripeStatus: "trialing", plan: "PRO" }, now)).toEqual({
      plan: "PRO",
      subscriptionStatus: "PAID",
      paymentGraceUntil: null,
    });
    const pro = { plan: "PRO", subscriptionStatus: "PAID", paymentGraceUntil: null } as const;
    expect(nextPlanState(pro, { stripeStatus: "canceled", plan: "PRO" }, now)).toEqual({
      plan: "FREE",
      subscriptionStatus: "CANCELED",
      paymentGraceUntil: null,
    });
    // A product without a plan leaves the plan as it was.
    expect(nextPlanState(pro, { stripeStatus: "active", plan: null }, now).plan).toBe("PRO");
  });

  it("starts the grace period at the first failure, keeps it while the payment stays failed, clears it after", () => {
    const pro = { plan: "PRO", subscriptionStatus: "PAID", paymentGraceUntil: null } as const;
    const failed = nextPlanState(pro, { stripeStatus: "past_due", plan: "PRO" }, now);
    expect(failed).toEqual({
      plan: "PRO",
      subscriptionStatus: "PAYMENT_FAILED",
      paymentGraceUntil: new Date("2026-12-03T12:00:00Z"),
    });
    const later = new Date("2026-11-30T00:00:00Z");
    expect(nextPlanState(failed, { stripeStatus: "past_due", plan: "PRO" }, later).paymentGraceUntil).toEqual(
      failed.paymentGraceUntil,
    );
    expect(nextPlanState(failed, { stripeStatus: "active", plan: "PRO" }, later)).toEqual(pro);
    expect(
      nextPlanState(failed, { stripeStatus: "unpaid", plan: "PRO" }, later).paymentGraceUntil,
    ).toBeNull();
  });
});
