// Products, prices, promotion codes, coupons and tax rates.
import { page, render } from "../expand";
import { bool, type FormObject, int, metadata, obj, requiredStr, str, strings } from "../form";
import { badRequest, notFound } from "../http";
import type { ApiRoute } from "../router";
import type { FakeState } from "../state";
import type { Interval, Price, Product } from "../types";

const INTERVALS: Interval[] = ["day", "week", "month", "year"];

export function getProduct(state: FakeState, id: string): Product {
  const product = state.products.get(id);
  if (!product) throw notFound("product", id);
  return product;
}

export function getPrice(state: FakeState, id: string, param = "id"): Price {
  const price = state.prices.get(id);
  if (!price) throw notFound("price", id, param);
  return price;
}

function createPrice(state: FakeState, form: FormObject): Price {
  const currency = requiredStr(form, "currency");
  const productData = obj(form, "product_data");
  const product = productData
    ? state.addProduct({ name: requiredStr(productData, "name"), metadata: metadata(productData) }).id
    : getProduct(state, requiredStr(form, "product")).id;
  const recurring = obj(form, "recurring");
  const interval = recurring ? requiredStr(recurring, "interval") : null;
  if (interval !== null && !INTERVALS.includes(interval as Interval)) {
    throw badRequest(
      `Invalid recurring[interval]: must be one of ${INTERVALS.join(", ")}`,
      "recurring[interval]",
    );
  }
  const unitAmount = int(form, "unit_amount");
  if (unitAmount === undefined) throw badRequest("Missing required param: unit_amount.", "unit_amount");
  const taxBehavior = str(form, "tax_behavior") as Price["tax_behavior"] | undefined;
  return state.addPrice({
    ...(str(form, "id") ? { id: str(form, "id") } : {}),
    product,
    unit_amount: unitAmount,
    currency,
    interval: interval as Interval | null,
    interval_count: recurring ? (int(recurring, "interval_count") ?? 1) : 1,
    active: bool(form, "active") ?? true,
    metadata: metadata(form),
    lookup_key: str(form, "lookup_key") ?? null,
    nickname: str(form, "nickname") ?? null,
    ...(taxBehavior ? { tax_behavior: taxBehavior } : {}),
  });
}

function listPrices(state: FakeState, form: FormObject): Price[] {
  const active = bool(form, "active");
  const product = str(form, "product");
  const currency = str(form, "currency")?.toLowerCase();
  const type = str(form, "type");
  const interval = obj(form, "recurring") ? str(obj(form, "recurring") as FormObject, "interval") : undefined;
  const lookupKeys = strings(form, "lookup_keys");
  return [...state.prices.values()].filter(
    (price) =>
      (active === undefined || price.active === active) &&
      (product === undefined || price.product === product) &&
      (currency === undefined || price.currency === currency) &&
      (type === undefined || price.type === type) &&
      (interval === undefined || price.recurring?.interval === interval) &&
      (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
  );
}

export const catalogRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/products$/,
    handler: ({ state, form }) => {
      const product = state.addProduct({
        ...(str(form, "id") ? { id: str(form, "id") } : {}),
        name: requiredStr(form, "name"),
        description: str(form, "description") ?? null,
        metadata: metadata(form),
        active: bool(form, "active") ?? true,
      });
      return render(state, product, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/products$/,
    handler: ({ state, form }) => {
      const active = bool(form, "active");
      const ids = strings(form, "ids");
      const items = [...state.products.values()].filter(
        (p) => (active === undefined || p.active === active) && (ids.length === 0 || ids.includes(p.id)),
      );
      return page(state, "/v1/products", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/products\/([^/]+)$/,
    handler: ({ state, params, form }) => render(state, getProduct(state, params[0] ?? ""), form),
  },
  {
    method: "POST",
    path: /^\/v1\/products\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const product = getProduct(state, params[0] ?? "");
      product.name = str(form, "name") ?? product.name;
      product.description = str(form, "description") ?? product.description;
      product.active = bool(form, "active") ?? product.active;
      product.default_price = str(form, "default_price") ?? product.default_price;
      product.metadata = metadata(form, product.metadata);
      product.updated = state.now();
      return render(state, product, form);
    },
  },
  {
    method: "POST",
    path: /^\/v1\/prices$/,
    handler: ({ state, form }) => render(state, createPrice(state, form), form),
  },
  {
    method: "GET",
    path: /^\/v1\/prices$/,
    handler: ({ state, form }) => page(state, "/v1/prices", listPrices(state, form), form),
  },
  {
    method: "GET",
    path: /^\/v1\/prices\/([^/]+)$/,
    handler: ({ state, params, form }) => render(state, getPrice(state, params[0] ?? ""), form),
  },
  {
    method: "POST",
    path: /^\/v1\/prices\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const price = getPrice(state, params[0] ?? "");
      price.active = bool(form, "active") ?? price.active;
      price.nickname = str(form, "nickname") ?? price.nickname;
      price.lookup_key = str(form, "lookup_key") ?? price.lookup_key;
      price.metadata = metadata(form, price.metadata);
      return render(state, price, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/promotion_codes$/,
    handler: ({ state, form }) => {
      // Stripe matches the code regardless of case.
      const code = str(form, "code")?.toLowerCase();
      const active = bool(form, "active");
      const items = [...state.promotionCodes.values()].filter(
        (p) =>
          (code === undefined || p.code.toLowerCase() === code) &&
          (active === undefined || p.active === active),
      );
      return page(state, "/v1/promotion_codes", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/promotion_codes\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const code = state.promotionCodes.get(params[0] ?? "");
      if (!code) throw notFound("promotion_code", params[0] ?? "");
      return render(state, code, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/coupons\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const coupon = state.coupons.get(params[0] ?? "");
      if (!coupon) throw notFound("coupon", params[0] ?? "");
      return render(state, coupon, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/tax_rates$/,
    handler: ({ state, form }) => {
      const active = bool(form, "active");
      const inclusive = bool(form, "inclusive");
      const items = [...state.taxRates.values()].filter(
        (r) =>
          (active === undefined || r.active === active) &&
          (inclusive === undefined || r.inclusive === inclusive),
      );
      return page(state, "/v1/tax_rates", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/tax_rates\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const rate = state.taxRates.get(params[0] ?? "");
      if (!rate) throw notFound("tax_rate", params[0] ?? "");
      return render(state, rate, form);
    },
  },
];
