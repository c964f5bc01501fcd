import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEED } from "./seed";
import { type Harness, startHarness } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe("catalogue through the real SDK", () => {
  it("lists the seeded prices with their products expanded", async () => {
    const prices = await h.stripe.prices.list({ active: true, limit: 100, expand: ["data.product"] });
    expect(prices.object).toBe("list");
    expect(prices.has_more).toBe(false);
    expect(prices.url).toBe("/v1/prices");
    const byId = new Map(prices.data.map((p) => [p.id, p]));
    expect([...byId.keys()].sort()).toEqual(Object.values(SEED.prices).sort());
    const proYear = byId.get(SEED.prices.PRO_YEAR);
    expect(proYear).toMatchObject({
      object: "price",
      unit_amount: SEED.amounts.PRO_YEAR,
      currency: "eur",
      type: "recurring",
      recurring: { interval: "year", interval_count: 1 },
    });
    const product = proYear?.product as Stripe.Product;
    expect(product).toMatchObject({ object: "product", id: SEED.products.PRO, metadata: { plan: "PRO" } });
    expect(byId.get(SEED.prices.PRO_QUARTER)?.recurring).toMatchObject({
      interval: "month",
      interval_count: 3,
    });
    expect(byId.get(SEED.prices.TOTAL_MONTH)?.product).toMatchObject({ metadata: { plan: "TOTAL" } });
  });

  it("leaves product ids unexpanded without expand, and filters by product", async () => {
    const prices = await h.stripe.prices.list({ product: SEED.products.TOTAL });
    expect(prices.data.map((p) => p.product)).toEqual([SEED.products.TOTAL, SEED.products.TOTAL]);
  });

  it("pages lists with limit and starting_after (auto-pagination)", async () => {
    const first = await h.stripe.prices.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const all = await h.stripe.prices.list({ limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all.map((p) => p.id).sort()).toEqual(Object.values(SEED.prices).sort());
  });

  it("creates and updates products and prices with metadata", async () => {
    const product = await h.stripe.products.create({ name: "Extra", metadata: { plan: "EXTRA" } });
    expect(product).toMatchObject({
      object: "product",
      name: "Extra",
      metadata: { plan: "EXTRA" },
      active: true,
    });
    const price = await h.stripe.prices.create({
      product: product.id,
      currency: "eur",
      unit_amount: 1234,
      recurring: { interval: "month", interval_count: 1 },
      metadata: { note: "x" },
    });
    expect(price).toMatchObject({ product: product.id, unit_amount: 1234, recurring: { interval: "month" } });
    const archived = await h.stripe.prices.update(price.id, { active: false, metadata: { note: "" } });
    expect(archived.active).toBe(false);
    expect(archived.metadata).toEqual({});
    const retrieved = await h.stripe.prices.retrieve(price.id, { expand: ["product"] });
    expect((retrieved.product as Stripe.Product).name).toBe("Extra");
    const active = await h.stripe.prices.list({ active: true, limit: 100 });
    expect(active.data.some((p) => p.id === price.id)).toBe(false);
  });

  it("finds promotion codes by code and lists tax rates", async () => {
    const codes = await h.stripe.promotionCodes.list({ code: SEED.promotionCode.code });
    expect(codes.data).toHaveLength(1);
    expect(codes.data[0]).toMatchObject({ code: "KUNTO20", active: true, promotion: { type: "coupon" } });
    const coupon = await h.stripe.coupons.retrieve(String(codes.data[0]?.promotion.coupon));
    expect(coupon.percent_off).toBe(20);
    expect((await h.stripe.promotionCodes.list({ code: "NOPE" })).data).toEqual([]);
    const rates = await h.stripe.taxRates.list({ active: true });
    expect(rates.data).toEqual([
      expect.objectContaining({ object: "tax_rate", percentage: 25.5, country: "FI" }),
    ]);
  });

  it("finds a promotion code regardless of case, only active ones with active=true, coupon expanded", async () => {
    const found = await h.stripe.promotionCodes.list({
      code: "welcome20",
      active: true,
      limit: 1,
      expand: ["data.promotion.coupon"],
    });
    expect(found.data.map((p) => p.id)).toEqual([SEED.welcomeCode.id]);
    expect(found.data[0]?.promotion.coupon).toMatchObject({
      object: "coupon",
      percent_off: 20,
      amount_off: null,
      duration: "repeating",
      duration_in_months: 3,
    });
    h.fake.state.addPromotionCode({ code: "OLD10", percent_off: 10, active: false });
    h.fake.state.addPromotionCode({ code: "FIVE", amount_off: 500, currency: "eur", duration: "forever" });
    expect((await h.stripe.promotionCodes.list({ code: "OLD10", active: true })).data).toEqual([]);
    expect((await h.stripe.promotionCodes.list({ code: "old10" })).data).toHaveLength(1);
    const five = await h.stripe.promotionCodes.list({ code: "five", expand: ["data.promotion.coupon"] });
    expect(five.data[0]?.promotion.coupon).toMatchObject({
      percent_off: null,
      amount_off: 500,
      currency: "eur",
      duration: "forever",
      duration_in_months: null,
    });
  });

  it("records every API call it answered, with its parameters", async () => {
    await h.stripe.promotionCodes.list({ code: "KUNTO20", limit: 1 });
    expect(h.fake.state.apiCalls.at(-1)).toEqual({
      method: "GET",
      path: "/v1/promotion_codes",
      form: { code: "KUNTO20", limit: "1" },
    });
  });

  it("starts empty without the seed", async () => {
    await h.close();
    h = await startHarness({ seed: false });
    expect((await h.stripe.prices.list()).data).toEqual([]);
  });
});
