import { randomBytes } from "node:crypto";
import type { FormObject } from "./form";
import { advanceClock, endPeriod } from "./resources/lifecycle";
import type {
  CheckoutSession,
  Coupon,
  Customer,
  Interval,
  Invoice,
  Metadata,
  PortalSession,
  Price,
  Product,
  PromotionCode,
  SessionPlan,
  StoredObject,
  StripeEvent,
  Subscription,
  TaxRate,
} from "./types";
import type { WebhookSender } from "./webhooks";

/** The API version of stripe 23.1.0 (`Stripe.API_VERSION`), written on every event. */
export const API_VERSION = "2026-10-28.endive";

export interface ProductInput {
  id?: string;
  name: string;
  description?: string | null;
  metadata?: Metadata;
  active?: boolean;
}

export interface PriceInput {
  id?: string;
  product: string;
  unit_amount: number;
  currency?: string;
  /** null for a one-time price. */
  interval?: Interval | null;
  interval_count?: number;
  active?: boolean;
  metadata?: Metadata;
  lookup_key?: string | null;
  nickname?: string | null;
  tax_behavior?: Price["tax_behavior"];
}

export interface CustomerInput {
  id?: string;
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: Metadata;
  preferred_locales?: string[];
}

export interface PromotionCodeInput {
  id?: string;
  code: string;
  percent_off?: number;
  amount_off?: number;
  currency?: string;
  /** The coupon's duration; default "once". */
  duration?: Coupon["duration"];
  /** With duration "repeating": for how many months. */
  duration_in_months?: number;
  active?: boolean;
  metadata?: Metadata;
}

/** An API request the fake answered (after the key check), for tests that assert what the app asked. */
export interface ApiCall {
  method: string;
  path: string;
  form: FormObject;
}

export interface TaxRateInput {
  id?: string;
  display_name: string;
  percentage: number;
  inclusive?: boolean;
  country?: string | null;
  jurisdiction?: string | null;
  description?: string | null;
  active?: boolean;
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The fake's memory: every object by kind, a clock, the events, and the webhook sender. */
export class FakeState {
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly checkoutSessions = new Map<string, CheckoutSession>();
  readonly sessionPlans = new Map<string, SessionPlan>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly coupons = new Map<string, Coupon>();
  readonly promotionCodes = new Map<string, PromotionCode>();
  readonly taxRates = new Map<string, TaxRate>();
  readonly invoices = new Map<string, Invoice>();
  readonly events = new Map<string, StripeEvent>();
  /** Every API request answered, in order (method, path, query and form body merged). */
  readonly apiCalls: ApiCall[] = [];
  /** Trialing subscriptions already told `customer.subscription.trial_will_end`. */
  readonly trialWillEndSent = new Set<string>();
  /** The fake's own address (`http://127.0.0.1:<port>`), for hosted-page URLs. */
  baseUrl = "";
  private fixedNow: number | null = null;

  constructor(readonly webhooks: WebhookSender) {}

  /** The fake's clock in Unix seconds: the wall clock until `setNow`/`advanceTo` fixes it. */
  now(): number {
    return this.fixedNow ?? Math.floor(Date.now() / 1000);
  }

  setNow(date: Date | number): void {
    this.fixedNow = typeof date === "number" ? date : Math.floor(date.getTime() / 1000);
  }

  newId(prefix: string): string {
    const bytes = randomBytes(16);
    let id = "";
    for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
    return `${prefix}_fake${id}`;
  }

  find(id: string): StoredObject | undefined {
    for (const map of [
      this.products,
      this.prices,
      this.customers,
      this.subscriptions,
      this.checkoutSessions,
      this.portalSessions,
      this.coupons,
      this.promotionCodes,
      this.taxRates,
      this.invoices,
      this.events,
    ] as Map<string, StoredObject>[]) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  addProduct(input: ProductInput): Product {
    const now = this.now();
    const product: Product = {
      id: input.id ?? this.newId("prod"),
      object: "product",
      active: input.active ?? true,
      created: now,
      updated: now,
      name: input.name,
      description: input.description ?? null,
      metadata: { ...input.metadata },
      default_price: null,
      images: [],
      marketing_features: [],
      livemode: false,
      type: "service",
      url: null,
    };
    this.products.set(product.id, product);
    return product;
  }

  addPrice(input: PriceInput): Price {
    const interval = input.interval === undefined ? "month" : input.interval;
    const price: Price = {
      id: input.id ?? this.newId("price"),
      object: "price",
      active: input.active ?? true,
      billing_scheme: "per_unit",
      created: this.now(),
      currency: (input.currency ?? "eur").toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: input.lookup_key ?? null,
      metadata: { ...input.metadata },
      nickname: input.nickname ?? null,
      product: input.product,
      recurring: interval
        ? {
            interval,
            interval_count: input.interval_count ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: "licensed",
          }
        : null,
      tax_behavior: input.tax_behavior ?? "exclusive",
      tiers_mode: null,
      transform_quantity: null,
      type: interval ? "recurring" : "one_time",
      unit_amount: input.unit_amount,
      unit_amount_decimal: String(input.unit_amount),
    };
    this.prices.set(price.id, price);
    const product = this.products.get(price.product);
    if (product && !product.default_price) product.default_price = price.id;
    return price;
  }

  addCustomer(input: CustomerInput = {}): Customer {
    const customer: Customer = {
      id: input.id ?? this.newId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      email: input.email ?? null,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      livemode: false,
      metadata: { ...input.metadata },
      name: input.name ?? null,
      phone: input.phone ?? null,
      preferred_locales: input.preferred_locales ?? [],
      shipping: null,
      tax_exempt: "none",
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  addPromotionCode(input: PromotionCodeInput): PromotionCode {
    const coupon: Coupon = {
      id: this.newId("co"),
      object: "coupon",
      amount_off: input.amount_off ?? null,
      currency: input.amount_off ? (input.currency ?? "eur") : null,
      duration: input.duration ?? "once",
      duration_in_months: input.duration === "repeating" ? (input.duration_in_months ?? 1) : null,
      name: input.code,
      percent_off: input.amount_off ? null : (input.percent_off ?? 10),
      valid: true,
      created: this.now(),
      livemode: false,
      metadata: {},
    };
    this.coupons.set(coupon.id, coupon);
    const code: PromotionCode = {
      id: input.id ?? this.newId("promo"),
      object: "promotion_code",
      active: input.active ?? true,
      code: input.code,
      created: this.now(),
      customer: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: { ...input.metadata },
      promotion: { type: "coupon", coupon: coupon.id },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    this.promotionCodes.set(code.id, code);
    return code;
  }

  addTaxRate(input: TaxRateInput): TaxRate {
    const rate: TaxRate = {
      id: input.id ?? this.newId("txr"),
      object: "tax_rate",
      active: input.active ?? true,
      country: input.country ?? null,
      created: this.now(),
      description: input.description ?? null,
      display_name: input.display_name,
      effective_percentage: input.percentage,
      inclusive: input.inclusive ?? false,
      jurisdiction: input.jurisdiction ?? null,
      livemode: false,
      metadata: {},
      percentage: input.percentage,
      state: null,
      tax_type: "vat",
    };
    this.taxRates.set(rate.id, rate);
    return rate;
  }

  /** Records an event with a snapshot of `object` (not delivered). */
  record(type: string, object: object, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: this.newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: this.now(),
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
      },
      livemode: false,
      pending_webhooks: this.webhooks.sends(type) ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.set(event.id, event);
    return event;
  }

  /** Records an event and waits for its delivery (hosted pages, test helpers). */
  async publish(type: string, object: object, previous?: Record<string, unknown>): Promise<StripeEvent> {
    const event = this.record(type, object, previous);
    await this.webhooks.deliver(event);
    return event;
  }

  /**
   * Records an event and delivers it after the API answer, as Stripe does: an app that calls the
   * API while holding a lock its webhook handler needs must not deadlock. `webhooks.idle()` waits.
   */
  publishLater(type: string, object: object, previous?: Record<string, unknown>): StripeEvent {
    const event = this.record(type, object, previous);
    this.webhooks.deliverSoon(event);
    return event;
  }

  /** Ends the current period of a subscription now (see `lifecycle.ts`). */
  endPeriod(subscriptionId: string): Promise<Subscription> {
    return endPeriod(this, subscriptionId);
  }

  /** Moves the clock to `date` and runs every period end, trial end and cancellation due by then. */
  advanceTo(date: Date | number): Promise<Subscription[]> {
    return advanceClock(this, date);
  }
}
