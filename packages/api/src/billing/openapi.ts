import { HANDLED_EVENTS } from "./webhook";

/**
 * POST /api/shared/stripe/webhook in the REST document (issue 21): a plain route beside the REST
 * adapter (apps/server stripe-webhook.ts), so it is described here, with the answers of
 * receiveStripeEvent (webhook.ts).
 */
type Json = Record<string, unknown>;

export const STRIPE_WEBHOOK_PATH = "/shared/stripe/webhook";
/** The public promotion code lookup, rate limited per address (its 429 is documented). */
export const PROMOTION_PATH = "/shared/stripe/promotion/{code}";

const errorBody = (key: string, code: string, keys: string[]): Json => ({
  "application/json": {
    schema: {
      allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { error_key: { enum: keys } } }],
    },
    example: { message: key, code, error_key: key },
  },
});

const EVENT_EXAMPLE = {
  id: "evt_1QabcDEF",
  object: "event",
  api_version: "2026-10-28.endive",
  created: 1795000000,
  type: "customer.subscription.updated",
  data: { object: { id: "sub_1QabcDEF", object: "subscription", customer: "cus_1QabcDEF" } },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
};

/** The operation, given the document's Origin header (every write declares it). */
export function stripeWebhookPaths(originHeader: Json): Record<string, { post: Json }> {
  return {
    [STRIPE_WEBHOOK_PATH]: {
      post: {
        operationId: "billingStripeWebhook",
        summary: "Stripe's events",
        description: [
          "Stripe POSTs its events here (the endpoint configured in Stripe with `STRIPE_WEBHOOK_SECRET`); nobody else has a reason to.",
          "The raw body is verified against `Stripe-Signature`: a missing or bad signature answers 400 `stripe_signature_invalid` and changes nothing.",
          `Handled: ${[...HANDLED_EVENTS].map((type) => `\`${type}\``).join(", ")}; any other type is acknowledged with 200 and ignored.`,
          "Each event is applied once (a repeated delivery answers 200 with `duplicate`), by reading the customer's subscriptions back from Stripe, so the order of deliveries does not matter.",
          "503 `billing_unavailable` when Stripe does not answer: nothing is stored, and Stripe delivers the event again. 409 `billing_not_configured` without Stripe keys.",
          "Open to anyone: the signature is the authentication.",
        ].join(" "),
        tags: ["Billing"],
        security: [],
        parameters: [
          {
            name: "Stripe-Signature",
            in: "header",
            required: true,
            description:
              '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the signing secret>`.',
            schema: { type: "string" },
            example: "t=1795000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
          },
          originHeader,
        ],
        requestBody: {
          required: true,
          description: "A Stripe event, exactly as Stripe sent it (the signature covers these bytes).",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["id", "object", "type", "data"],
                description: "Stripe's event object; fields besides these are Stripe's and passed over.",
                additionalProperties: true,
                properties: {
                  id: { type: "string" },
                  object: { type: "string", const: "event" },
                  type: { type: "string" },
                  created: { type: "integer" },
                  data: { type: "object" },
                },
              },
              example: EVENT_EXAMPLE,
            },
          },
        },
        responses: {
          "200": {
            description:
              "Received: applied (`handled`), a repeated delivery (`duplicate`), or a type or customer Kunto does not act on.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["received", "handled"],
                  additionalProperties: false,
                  properties: {
                    received: { type: "boolean", const: true },
                    handled: { type: "boolean" },
                    duplicate: { type: "boolean" },
                  },
                },
                example: { received: true, handled: true, duplicate: false },
              },
            },
          },
          "400": {
            description: "The signature is missing or does not verify against the raw body: nothing changed.",
            content: errorBody("stripe_signature_invalid", "BAD_REQUEST", ["stripe_signature_invalid"]),
          },
          "403": { $ref: "#/components/responses/Error403" },
          "409": {
            description: "The server has no Stripe keys.",
            content: errorBody("billing_not_configured", "CONFLICT", ["billing_not_configured"]),
          },
          "413": { $ref: "#/components/responses/Error413" },
          "500": { $ref: "#/components/responses/Error500" },
          "503": {
            description:
              "Stripe did not answer (`billing_unavailable`) or the database is away (`service_unavailable`): nothing was stored, Stripe delivers the event again.",
            headers: {
              "Retry-After": {
                description: "Seconds until the call can succeed again.",
                schema: { type: "integer", minimum: 1 },
              },
            },
            content: errorBody("billing_unavailable", "SERVICE_UNAVAILABLE", [
              "billing_unavailable",
              "service_unavailable",
            ]),
          },
        },
      },
    },
  };
}
