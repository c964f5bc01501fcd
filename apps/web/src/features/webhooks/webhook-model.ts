import {
  WEBHOOK_ANSWER_COUNT_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryState,
  type WebhookEvent,
} from "@kunto/core";

/**
 * The webhook screens' rules without words (issue 20.4; the words are in webhook-labels.ts): which
 * deliveries are still under way, which may be sent again, and the endpoint form's values as the
 * server takes them.
 */

/** Asked again this often while a delivery on the page has no outcome yet. */
export const DELIVERY_POLL_MS = 3000;

const UNDER_WAY: ReadonlySet<WebhookDeliveryState> = new Set(["pending", "sending", "retrying"]);

/** Waiting, being sent or to be tried again: its outcome is still to come. */
export const isUnderWay = (status: WebhookDeliveryState): boolean => UNDER_WAY.has(status);

/** Only a delivery with an outcome is sent again (the server answers `webhook_delivery_in_progress`). */
export const canResend = (status: WebhookDeliveryState): boolean => !isUnderWay(status);

/** The log's refetch interval: only while a delivery it shows is under way. */
export const deliveryRefetchInterval = (
  deliveries: readonly { status: WebhookDeliveryState }[] | undefined,
): number | false => (deliveries?.some((delivery) => isUnderWay(delivery.status)) ? DELIVERY_POLL_MS : false);

export const STATUS_COLORS: Record<WebhookDeliveryState, string> = {
  pending: "gray",
  sending: "blue",
  retrying: "orange",
  succeeded: "green",
  failed: "red",
};

export type DeliveryKind = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** A delivery's type as a kind this client names; null for one it does not know (a newer server's). */
export function deliveryKind(type: string): DeliveryKind | null {
  if (type === WEBHOOK_TEST_EVENT) return WEBHOOK_TEST_EVENT;
  return WEBHOOK_EVENTS.find((event) => event === type) ?? null;
}

/** Characters of a receiver's answer shown in the row; the whole of it opens below. */
export const EXCERPT_PREVIEW = 80;

/** The start of a receiver's answer on one line, and whether there is more of it. */
export function excerptPreview(text: string): { preview: string; truncated: boolean } {
  const line = text.replace(/\s+/g, " ").trim();
  const preview = line.length <= EXCERPT_PREVIEW ? line : `${line.slice(0, EXCERPT_PREVIEW).trimEnd()}…`;
  return { preview, truncated: preview !== text };
}

/** The endpoint form's values; `answerCount` as Mantine's NumberInput holds it ("" when empty). */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEvent[];
  answerCount: number | string;
}

export function webhookFormValues(
  endpoint: { url: string; description: string; events: WebhookEvent[]; answerCount: number | null } | null,
): WebhookFormValues {
  return {
    url: endpoint?.url ?? "",
    description: endpoint?.description ?? "",
    events: endpoint ? [...endpoint.events] : [],
    answerCount: endpoint?.answerCount ?? "",
  };
}

/** The count typed for "answers reached": null when empty (the survey's expected answers). */
export function answerCountOf(value: number | string): number | null | "invalid" {
  const text = String(value).trim();
  if (text === "") return null;
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= WEBHOOK_ANSWER_COUNT_MAX ? count : "invalid";
}

/**
 * What create and update send: trimmed texts, the events in their list's order, and a count only
 * with the event that uses it.
 */
export function webhookInput(values: WebhookFormValues): {
  url: string;
  description: string;
  events: WebhookEvent[];
  answerCount: number | null;
} {
  const count = answerCountOf(values.answerCount);
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: WEBHOOK_EVENTS.filter((event) => values.events.includes(event)),
    answerCount: values.events.includes("survey.answers_reached") && typeof count === "number" ? count : null,
  };
}
