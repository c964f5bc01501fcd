import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from "@kunto/core";
import { z } from "zod";
import { ZTask } from "../tasks/schemas";

/**
 * The OpenAPI document's `webhooks` section (issue 20.4): what each event POSTs to an endpoint, with
 * the Standard Webhooks headers a receiver verifies. One description, from the same schemas the
 * server sends.
 */
export const WEBHOOK_TAG = {
  name: "Webhooks",
  description:
    "The organisation's webhook endpoints and their delivery log: managed by its admins on the PRO and TOTAL plans, and by platform admins. What each event sends is in the document's `webhooks` section.",
  prefixes: ["/tenant/webhook"],
};

const ZSurvey = z.object({
  key: z.string(),
  name: z.string().nullable(),
  type: z.enum(["PERSONNEL", "MANAGEMENT"]),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
const ZWebhookTask = ZTask.omit({ translations: true }).extend({
  userInCharge: z
    .object({ id: z.string() })
    .nullable()
    .meta({ description: "By id only; ask the API for more." }),
});

const EVENTS: Record<string, { summary: string; data: z.ZodType }> = {
  "survey.started": {
    summary: "A survey started (its start time passed)",
    data: z.object({ survey: ZSurvey }),
  },
  "survey.ended": { summary: "A survey ended (its end time passed)", data: z.object({ survey: ZSurvey }) },
  "survey.answers_reached": {
    summary: "A survey's answers reached the endpoint's count (or the survey's expected answers)",
    data: z.object({
      survey: ZSurvey,
      answerCount: z.number().int().meta({ description: "The count that was reached." }),
      answers: z.number().int().meta({ description: "The survey's answers when the count was seen." }),
    }),
  },
  "task.created": { summary: "A task was created", data: z.object({ task: ZWebhookTask }) },
  "task.updated": {
    summary: "A task was changed",
    data: z.object({
      task: ZWebhookTask,
      changed: z.array(z.string()).meta({ description: "The names of the fields that changed." }),
    }),
  },
  "task.done": {
    summary: "A task was marked DONE (sent besides `task.updated`)",
    data: z.object({ task: ZWebhookTask }),
  },
  "task.votes_changed": {
    summary: "A task's vote count changed (a vote given or withdrawn)",
    data: z.object({ task: z.object({ id: z.string(), voteCount: z.number().int() }) }),
  },
  [WEBHOOK_TEST_EVENT]: {
    summary: "A test event, sent from the endpoint's settings",
    data: z.object({ endpoint: z.object({ id: z.string(), url: z.string() }) }),
  },
};

const header = (name: string, description: string, example: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
  example,
});
const HEADERS = [
  header(
    "webhook-id",
    "The delivery's id, the same on every attempt and resend of it: a receiver that has seen it may answer 200 and do nothing.",
    "msg_2b8f0c3e9d2a4c6f8e1a0b7c5d3e2f10",
  ),
  header("webhook-timestamp", "When this attempt was signed, in seconds since 1970 (UTC).", "1798761600"),
  header(
    "webhook-signature",
    "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (the bytes after `whsec_`, base64-decoded), after the Standard Webhooks convention; the `standardwebhooks` package verifies it.",
    "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  ),
];

export function webhooksSection(): Record<string, unknown> {
  const eventNames = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];
  return Object.fromEntries(
    eventNames.map((type) => {
      const event = EVENTS[type] as (typeof EVENTS)[string];
      const body = z.object({
        type: z.literal(type),
        timestamp: z.iso.datetime().meta({ description: "When the event happened." }),
        data: event.data,
      });
      return [
        type,
        {
          post: {
            operationId: `webhook${type
              .split(/[._]/)
              .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
              .join("")}`,
            summary: event.summary,
            // The receiver checks the signature headers below; it asks Kunto for no credential.
            security: [],
            description:
              "POSTed as JSON to each enabled endpoint that chose the event. A 2xx answer within 10 seconds is a success; anything else (a redirect too) is retried with exponential back-off from 30 seconds, up to 10 retries over about a day. Deliveries come after the change is saved, in no guaranteed order; use `timestamp` to order them.",
            tags: [WEBHOOK_TAG.name],
            parameters: HEADERS,
            requestBody: {
              required: true,
              content: { "application/json": { schema: z.toJSONSchema(body, { io: "output" }) } },
            },
            responses: {
              "200": { description: "Taken: any 2xx answer is a success." },
              default: { description: "Not taken: the delivery is tried again later." },
            },
          },
        },
      ];
    }),
  );
}
