import { WEBHOOK_TEST_EVENT, type WebhookDeliveryState, type WebhookEvent } from "@kunto/core";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { deliveryKind } from "./webhook-model";

/**
 * The webhook screens' words (issue 20.4). The Record types keep the lists whole: every event and
 * delivery state has its label, so a new one in @kunto/core fails the type check until it is named.
 */
export const EVENT_TEXTS: Record<
  WebhookEvent,
  { label: MessageDescriptor; short: MessageDescriptor; explanation: MessageDescriptor }
> = {
  "survey.started": {
    label: msg`Survey started`,
    short: msg`Survey started`,
    explanation: msg`A survey's start time has passed and answering is open.`,
  },
  "survey.ended": {
    label: msg`Survey ended`,
    short: msg`Survey ended`,
    explanation: msg`A survey's end time has passed and answering has closed.`,
  },
  "survey.answers_reached": {
    label: msg`Survey answers reached a count`,
    short: msg`Answers reached`,
    explanation: msg`A survey has received a number of answers you choose, or its expected answers.`,
  },
  "task.created": {
    label: msg`Task created`,
    short: msg`Task created`,
    explanation: msg`A task was added, in Kunto or through the API.`,
  },
  "task.updated": {
    label: msg`Task changed`,
    short: msg`Task changed`,
    explanation: msg`A task's details or status changed; the event names the fields that changed.`,
  },
  "task.done": {
    label: msg`Task done`,
    short: msg`Task done`,
    explanation: msg`A task was marked done (a "Task changed" event is sent as well).`,
  },
  "task.votes_changed": {
    label: msg`Task votes changed`,
    short: msg`Task votes`,
    explanation: msg`Someone voted for a task or took their vote back.`,
  },
};

const TEST_EVENT_LABEL = msg`Test event`;

/** A delivery's event in words; one this client does not know by its type code. */
export function deliveryTypeLabel(type: string): string {
  const kind = deliveryKind(type);
  if (kind === null) return type;
  return i18n._(kind === WEBHOOK_TEST_EVENT ? TEST_EVENT_LABEL : EVENT_TEXTS[kind].label);
}

export const STATUS_LABELS: Record<WebhookDeliveryState, MessageDescriptor> = {
  pending: msg`Waiting`,
  sending: msg`Sending`,
  retrying: msg`Retrying`,
  succeeded: msg`Delivered`,
  failed: msg`Failed`,
};
