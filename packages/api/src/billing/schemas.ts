import { z } from "zod";

/**
 * A promotion code as a person types it: Stripe's characters (letters, digits, dashes), at most 100
 * (Stripe allows 500; nobody types more than a few dozen). Anything else is 400 before Stripe is asked.
 */
export const ZPromotionCode = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/)
  .meta({ example: "WELCOME20" });

export const ZPromotion = z.object({
  code: z.string().meta({ description: "As Stripe writes it.", example: "WELCOME20" }),
  percentOff: z.number().nullable().meta({ description: "A percentage off, or null.", example: 20 }),
  amountOff: z
    .number()
    .int()
    .nullable()
    .meta({ description: "An amount off in cents (with `currency`), or null.", example: null }),
  currency: z.string().nullable().meta({ example: null }),
  duration: z.string().meta({
    description:
      "Stripe's word: `once` (the first invoice), `repeating` (for `durationInMonths`) or `forever` (every invoice).",
    example: "repeating",
  }),
  durationInMonths: z.number().int().nullable().meta({ example: 3 }),
});

export const ZTax = z.object({
  automaticTax: z.literal(true).meta({
    description:
      "Stripe Tax computes the tax at checkout from the customer's billing address (and tax ID) and shows it before the payment.",
  }),
  taxIdCollection: z
    .literal(true)
    .meta({ description: "A business may give its VAT or other tax ID at checkout; it is on the invoices." }),
});

export const ZSubscription = z.object({
  id: z.string().meta({ example: "sub_1QabcDEF" }),
  stripeStatus: z.string().meta({ example: "active" }),
  priceId: z.string().nullable().meta({ example: "price_kunto_total_year" }),
  plan: z.enum(["PRO", "TOTAL"]).nullable(),
  interval: z.string().nullable().meta({ example: "year" }),
  cancelAtPeriodEnd: z.boolean(),
  cancelAt: z.iso.datetime().nullable().meta({ description: "Canceled: the subscription ends then." }),
  currentPeriodEnd: z.iso.datetime().nullable().meta({ description: "The next charge, or the trial's end." }),
});
