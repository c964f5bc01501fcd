import { z } from "zod";
import { trimmed } from "./schemas";

/**
 * Webhooks for integrators (issue 20.4; docs/decisions.md "Webhooks"): an organisation's endpoints
 * receive the events they chose, signed after the Standard Webhooks convention.
 */
export const WEBHOOK_EVENTS = [
  "survey.started",
  "survey.ended",
  "survey.answers_reached",
  "task.created",
  "task.updated",
  "task.done",
  "task.votes_changed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by the "send a test" button, to the one endpoint; never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Endpoints per organisation: enough for a few systems, few enough to deliver to all at once. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_ANSWER_COUNT_MAX = 100_000;

export const WEBHOOK_DELIVERY_STATES = ["pending", "sending", "retrying", "succeeded", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * The form of an endpoint's address: http or https, a host, no user or password in it. Whether the
 * host is a public address is the server's check (`webhook_url_private`), made again at each delivery.
 */
export function webhookUrlOf(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || !url.hostname) return null;
  return url;
}

const ZUrl = trimmed(WEBHOOK_URL_MAX)
  .min(1, "field_required")
  .refine((text) => webhookUrlOf(text) !== null, "webhook_url_invalid")
  .meta({
    description:
      "Where deliveries are POSTed: an http or https URL without credentials, on a public address (`webhook_url_private` for loopback, private, link-local and similar networks).",
    examples: ["https://hooks.example.com/kunto"],
  });

const ZEvents = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "webhook_events_required")
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)])
  .meta({ description: "The events the endpoint receives; at least one (`webhook_events_required`)." });

const ZAnswerCount = z.number().int().min(1).max(WEBHOOK_ANSWER_COUNT_MAX).nullable().meta({
  description:
    "For `survey.answers_reached`: the number of answers a survey must reach; null: the survey's expected answers (no event for a survey without that estimate).",
});

export const ZWebhookCreateInput = z.object({
  url: ZUrl,
  description: trimmed(WEBHOOK_DESCRIPTION_MAX).default(""),
  events: ZEvents,
  answerCount: ZAnswerCount.default(null),
});
export type TWebhookCreateInput = z.input<typeof ZWebhookCreateInput>;

/** Fields left out stay as they are. */
export const ZWebhookUpdateInput = z.object({
  id: z.uuid(),
  url: ZUrl.optional(),
  description: trimmed(WEBHOOK_DESCRIPTION_MAX).optional(),
  events: ZEvents.optional(),
  answerCount: ZAnswerCount.optional(),
  enabled: z.boolean().optional().meta({ description: "A disabled endpoint receives nothing." }),
});
export type TWebhookUpdateInput = z.input<typeof ZWebhookUpdateInput>;
