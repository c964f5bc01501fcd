import { receiveStripeEvent } from "@kunto/api";
import type { Handler } from "hono";
import type { ContextDeps } from "./context";

/**
 * `POST /api/shared/stripe/webhook` (issue 21): Stripe's events, beside the REST adapter because the
 * signature covers the body's exact bytes. The body's bytes are read before anything parses them; the
 * verification, the once-only store and the plan are receiveStripeEvent's (packages/api billing).
 */
export function stripeWebhookHandler(deps: ContextDeps): Handler {
  return async (c) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    const answer = await receiveStripeEvent(deps, raw, c.req.header("stripe-signature"));
    return c.json(answer.body, answer.status as 200);
  };
}
