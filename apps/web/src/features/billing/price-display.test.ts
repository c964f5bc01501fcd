import { describe, expect, it } from "vitest";
import { canStartCheckout, monthlyAmount, type PlanPrice, priceOf, yearlySaving } from "./price-display";

const price = (
  plan: "PRO" | "TOTAL",
  interval: "month" | "year",
  unitAmount: number,
  currency = "eur",
): PlanPrice => ({
  id: `price_${plan}_${interval}_${currency}`,
  plan,
  interval,
  intervalCount: 1,
  unitAmount,
  currency,
  currencySymbol: "€",
});

describe("the plan cards' prices (document 3 §9)", () => {
  it("shows a yearly price per month as the unit amount / 12 / 100, a monthly one / 100", () => {
    expect(monthlyAmount(price("PRO", "year", 27840))).toBeCloseTo(23.2, 10);
    expect(monthlyAmount(price("PRO", "month", 2900))).toBe(29);
    // Not rounded before the display: 100 cents a year is 0.0833… a month.
    expect(monthlyAmount(price("PRO", "year", 100))).toBeCloseTo(1 / 12, 10);
  });

  it("finds the plan's price for the interval, and none for another plan or interval", () => {
    const prices = [price("PRO", "year", 27840), price("TOTAL", "month", 99900)];
    expect(priceOf(prices, "PRO", "year")?.unitAmount).toBe(27840);
    expect(priceOf(prices, "PRO", "month")).toBeNull();
    expect(priceOf(prices, "TOTAL", "year")).toBeNull();
  });

  it("names the yearly saving in whole percent, and none without both prices, in another currency or without a saving", () => {
    expect(yearlySaving([price("PRO", "month", 2900), price("PRO", "year", 27840)], "PRO")).toBe(20);
    expect(yearlySaving([price("PRO", "year", 27840)], "PRO")).toBeNull();
    expect(yearlySaving([price("PRO", "month", 2900), price("PRO", "year", 27840, "usd")], "PRO")).toBeNull();
    expect(yearlySaving([price("PRO", "month", 2900), price("PRO", "year", 34800)], "PRO")).toBeNull();
  });
});

describe("when a checkout can start", () => {
  const card = { configured: true, plan: "FREE" as const, status: null };
  it("on FREE without a subscription or after one ended", () => {
    expect(canStartCheckout(card)).toBe(true);
    expect(canStartCheckout({ ...card, status: "CANCELED" })).toBe(true);
  });
  it("not without Stripe keys, not on a paid plan, not while a subscription is live though unpaid", () => {
    expect(canStartCheckout({ ...card, configured: false })).toBe(false);
    expect(canStartCheckout({ ...card, plan: "PRO", status: "PAID" })).toBe(false);
    expect(canStartCheckout({ ...card, status: "UNPAID" })).toBe(false);
    expect(canStartCheckout({ ...card, status: "AWAITING_PAYMENT" })).toBe(false);
  });
});
