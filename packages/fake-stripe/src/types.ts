// The objects the fake keeps, in the shapes of Stripe's API version pinned by stripe 23
// (2026-10-28.endive): e.g. the billing period lives on subscription items, not on the subscription.
export type Metadata = Record<string, string>;
export type Interval = "day" | "week" | "month" | "year";

export interface Product {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  metadata: Metadata;
  default_price: string | null;
  images: string[];
  marketing_features: { name: string }[];
  livemode: false;
  type: "service";
  url: string | null;
}

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: Interval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: "licensed";
  } | null;
  tax_behavior: "exclusive" | "inclusive" | "unspecified";
  tiers_mode: null;
  transform_quantity: null;
  type: "one_time" | "recurring";
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: "customer";
  address: Record<string, string | null> | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: "none";
}

export type SubscriptionStatus =
  | "incomplete"
  | "incomplete_expired"
  | "trialing"
  | "active"
  | "past_due"
  | "canceled"
  | "unpaid"
  | "paused";

export interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_start: number;
  current_period_end: number;
  discounts: string[];
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export interface Subscription {
  id: string;
  object: "subscription";
  automatic_tax: { enabled: boolean; liability: null; disabled_reason: null };
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null } | null;
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: SubscriptionStatus;
  trial_end: number | null;
  trial_start: number | null;
}

export interface LineItem {
  id: string;
  object: "item";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: boolean; liability: null; status: null };
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: "subscription";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  subscription: string | null;
  success_url: string;
  tax_id_collection: { enabled: boolean; required: "never" };
  url: string | null;
}

/** What the session asked of the subscription to come; Stripe keeps it off the session object. */
export interface SessionPlan {
  lineItems: LineItem[];
  trialPeriodDays: number | null;
  subscriptionMetadata: Metadata;
}

export interface PortalSession {
  id: string;
  object: "billing_portal.session";
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface Coupon {
  id: string;
  object: "coupon";
  amount_off: number | null;
  currency: string | null;
  duration: "forever" | "once" | "repeating";
  duration_in_months: number | null;
  name: string | null;
  percent_off: number | null;
  valid: boolean;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface PromotionCode {
  id: string;
  object: "promotion_code";
  active: boolean;
  code: string;
  created: number;
  customer: string | null;
  expires_at: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  promotion: { type: "coupon"; coupon: string };
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: number | null;
    minimum_amount_currency: string | null;
  };
  times_redeemed: number;
}

export interface TaxRate {
  id: string;
  object: "tax_rate";
  active: boolean;
  country: string | null;
  created: number;
  description: string | null;
  display_name: string;
  effective_percentage: number;
  inclusive: boolean;
  jurisdiction: string | null;
  livemode: false;
  metadata: Metadata;
  percentage: number;
  state: null;
  tax_type: string | null;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export type StoredObject =
  | Product
  | Price
  | Customer
  | Subscription
  | CheckoutSession
  | PortalSession
  | Coupon
  | PromotionCode
  | TaxRate
  | Invoice
  | StripeEvent;

export interface Invoice {
  id: string;
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  created: number;
  currency: string;
  customer: string;
  lines: {
    object: "list";
    data: {
      id: string;
      object: "line_item";
      amount: number;
      currency: string;
      description: string;
      period: { start: number; end: number };
      quantity: number;
    }[];
    has_more: false;
    url: string;
  };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  total: number;
}
