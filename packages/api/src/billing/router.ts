import { PLANS, SUBSCRIPTION_STATUSES } from "@kunto/core";
import { z } from "zod";
import { publicProcedure, router, withPermission } from "../trpc";
import { billingCard, checkoutTax, openCustomerPortal, startCheckout } from "./checkout";
import { listPlanPrices } from "./prices";
import { lookUpPromotion } from "./promotion";
import { ZPromotion, ZPromotionCode, ZSubscription, ZTax } from "./schemas";
import { changeSubscriptionPrice, setCancelAtPeriodEnd } from "./subscription";

/**
 * Billing with Stripe (document 3 §2 payments card, §7 "Billing"; document 1 §7 the subscription
 * calls; issue 21). Without Stripe keys every call but the card answers 409 `billing_not_configured`;
 * plans are then set by platform admins. The organisation's calls: tenant admins (billing.manage)
 * only, with a person's session, never an API key; the prices, promotion codes and tax are public.
 */
const ZPrice = z.object({
  id: z.string().meta({ example: "price_kunto_pro_year" }),
  plan: z.enum(["PRO", "TOTAL"]).meta({ description: "The product's `metadata.plan`." }),
  interval: z.enum(["month", "year"]),
  intervalCount: z.literal(1),
  unitAmount: z.number().int().meta({ description: "In cents: 27840 is 278.40.", example: 27840 }),
  currency: z.string().meta({ example: "eur" }),
  currencySymbol: z.string().meta({ example: "€" }),
});
const ZPriceId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_]+$/)
  .meta({ example: "price_kunto_pro_year" });
const ZCard = z.object({
  configured: z
    .boolean()
    .meta({ description: "False without Stripe keys: plans are set by platform admins." }),
  plan: z.enum(PLANS).meta({ description: "The plan the organisation gets now." }),
  subscribedPlan: z.enum(PLANS),
  status: z
    .enum(SUBSCRIPTION_STATUSES)
    .nullable()
    .meta({ description: "Null: no subscription (set by hand)." }),
  stripeStatus: z.string().nullable().meta({ example: "active" }),
  priceId: z.string().nullable(),
  interval: z.string().nullable().meta({ example: "year" }),
  cancelAt: z.iso.datetime().nullable().meta({ description: "Canceled: the subscription ends then." }),
  currentPeriodEnd: z.iso.datetime().nullable().meta({ description: "The next charge, or the trial's end." }),
  paymentGraceUntil: z.iso
    .datetime()
    .nullable()
    .meta({ description: "A failed payment: the plan holds until then (7 days from the first failure)." }),
  hasCustomer: z.boolean(),
  trialAvailable: z
    .boolean()
    .meta({ description: "A checkout now starts with the 30-day trial (no subscription yet)." }),
  salesEmail: z
    .email()
    .nullable()
    .meta({ description: "Where the TOTAL plan's quote is asked for.", example: "sales@example.com" }),
});

const tags = ["billing"];
const manage = () => withPermission("billing.manage").meta({ personal: true });
const WHO =
  "Tenant admins. 409 `billing_not_configured` without Stripe keys; 503 `billing_unavailable` when Stripe does not answer.";
const NONE =
  "409 `billing_no_subscription` when the organisation has no live subscription (Stripe's word, not the last event's).";
const FOLLOWS =
  "Answers the subscription as Stripe does now; the organisation's plan and the payments card follow Stripe's `customer.subscription.updated` event.";
const CHANGE = `${WHO} Replaces the live subscription's price with another of the plans' prices (PRO ↔ TOTAL, monthly ↔ yearly); the difference is invoiced now (\`always_invoice\`: an upgrade is paid when made, a downgrade leaves a credit); another interval starts a new period now (during a trial the trial goes on). The same price changes nothing. 400 \`price_unknown\` for another price. ${NONE} ${FOLLOWS}`;
const changeInput = z.object({ price: ZPriceId });

export const billingRouter = router({
  prices: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shared/stripe/price",
        tags,
        summary: "The plans' prices",
        description:
          "Active monthly and yearly prices (interval count 1) of the products whose `metadata.plan` is PRO or TOTAL, read from Stripe (at most once a minute). 409 `billing_not_configured` without Stripe keys.",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZPrice))
    .query(({ ctx }) => listPlanPrices(ctx.config)),
  promotion: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shared/stripe/promotion/{code}",
        tags,
        summary: "Look up a promotion code",
        description:
          "The active promotion code (any case) and its coupon's discount, read from Stripe at each call; 404 `promotion_code_unknown` when no active code is this one. Letters, digits and dashes, 1 to 100 (400 otherwise). At most 30 lookups per client address in 15 minutes (429 `too_many_requests` with Retry-After). 409 `billing_not_configured` without Stripe keys.",
      },
    })
    .input(z.object({ code: ZPromotionCode }))
    .output(ZPromotion)
    .query(({ ctx, input }) => lookUpPromotion(ctx.db, ctx.config, ctx.ip, input.code)),
  tax: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shared/stripe/tax",
        tags,
        summary: "How the checkout handles tax",
        description:
          "The checkout's tax rule, the same for every plan and customer: Stripe Tax computes the tax from the customer's billing address at checkout, and tax ID collection lets a business give its VAT ID. No tax rate is kept in Kunto. 409 `billing_not_configured` without Stripe keys.",
      },
    })
    .input(z.object({}).optional())
    .output(ZTax)
    .query(({ ctx }) => checkoutTax(ctx.config)),
  checkout: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/stripe/checkout",
        tags,
        summary: "Start a Stripe Checkout for a plan's price",
        description: `${WHO} Subscription mode, promotion codes, automatic tax, tax ID collection, a 30-day trial on the organisation's first subscription. Redirect the browser to \`url\`. 400 \`price_unknown\` for another price; 409 \`subscription_exists\` while a subscription is live (change it in the portal).`,
      },
    })
    .input(z.object({ price: ZPriceId }))
    .output(z.object({ id: z.string(), url: z.url() }))
    .query(({ ctx, input }) => startCheckout(ctx.tx, ctx.config, ctx.tenant.id, ctx.user, input.price)),
  customerPortal: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/stripe/customer_portal",
        tags,
        summary: "Open the Stripe customer portal",
        description: `${WHO} Payment details, invoices and cancellation. 409 \`billing_no_customer\` before the first checkout.`,
      },
    })
    .input(z.object({}).optional())
    .output(z.object({ url: z.url() }))
    .query(({ ctx }) => openCustomerPortal(ctx.tx, ctx.config, ctx.tenant.id, ctx.user)),
  customer: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/stripe/customer",
        tags,
        summary: "The payments card",
        description:
          'Tenant admins. The plan, the subscription\'s status, price, interval, `cancelAt` ("ends on") and the next charge, as the last Stripe event left them; answered without Stripe keys too (`configured` false).',
      },
    })
    .input(z.object({}).optional())
    .output(ZCard)
    .query(({ ctx }) => billingCard(ctx.tx, ctx.config, ctx.tenant.id)),
  changeSubscription: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/stripe/subscription",
        tags,
        summary: "Change the subscription's plan or interval",
        description: CHANGE,
      },
    })
    .input(changeInput)
    .output(ZSubscription)
    .mutation(({ ctx, input }) => changeSubscriptionPrice(ctx.tx, ctx.config, ctx.tenant.id, input.price)),
  // Document 1 §7 names POST /api/user/subscription without its payload: the same change (docs/decisions.md).
  userSubscription: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/user/subscription",
        tags,
        summary: "Change the subscription's plan or interval (document 1's path)",
        description: `The same call as POST /tenant/stripe/subscription. ${CHANGE}`,
      },
    })
    .input(changeInput)
    .output(ZSubscription)
    .mutation(({ ctx, input }) => changeSubscriptionPrice(ctx.tx, ctx.config, ctx.tenant.id, input.price)),
  disableSubscription: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/user/subscription/disable",
        tags,
        summary: "Cancel the subscription at the period's end",
        description: `${WHO} The subscription of the organisation named by X-tenant-id ends at its period's end (\`cancel_at_period_end\`); the plan holds until then. Already canceled: nothing changes. ${NONE} ${FOLLOWS}`,
      },
    })
    .input(z.object({}).optional())
    .output(ZSubscription)
    .mutation(({ ctx }) => setCancelAtPeriodEnd(ctx.tx, ctx.config, ctx.tenant.id, true)),
  enableSubscription: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/user/subscription/enable",
        tags,
        summary: "Take back the subscription's cancellation",
        description: `${WHO} The subscription of the organisation named by X-tenant-id renews again (a cancellation at the period's end, or a cancellation date, is cleared). Not canceled: nothing changes. ${NONE} ${FOLLOWS}`,
      },
    })
    .input(z.object({}).optional())
    .output(ZSubscription)
    .mutation(({ ctx }) => setCancelAtPeriodEnd(ctx.tx, ctx.config, ctx.tenant.id, false)),
});
