import { PLANS, SUBSCRIPTION_STATUSES } from "@kunto/core";
import { z } from "zod";
import { publicProcedure, router, withPermission } from "../trpc";
import { billingCard, openCustomerPortal, startCheckout } from "./checkout";
import { listPlanPrices } from "./prices";

/**
 * Billing with Stripe (document 3 §2 payments card, §7 "Billing"; issue 21). Without Stripe keys
 * every call but the card answers 409 `billing_not_configured`; plans are then set by platform admins.
 * Tenant admins (billing.manage) only, with a person's session: never an API key.
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
});
