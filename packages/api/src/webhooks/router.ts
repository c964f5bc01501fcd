import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  ZWebhookCreateInput,
  ZWebhookUpdateInput,
} from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { router, withPlanOrPlatformAdmin } from "../trpc";
import * as deliveries from "./deliveries";
import * as endpoints from "./endpoints";

/**
 * Webhook endpoints and their delivery log (issue 20.4): tenant admins of paid plans (PRO, TOTAL;
 * 403 `plan_required` on FREE) manage their organisation's, platform admins every organisation's,
 * both with the organisation in X-tenant-id. A person's session only: an API key never sees or makes
 * a signing secret.
 */
const ZEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  answerCount: z.number().int().nullable().meta({
    description: "For `survey.answers_reached`: the count of answers; null: the survey's expected answers.",
  }),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
const ZCreatedEndpoint = ZEndpoint.extend({
  secret: z.string().meta({
    description:
      "The signing secret (`whsec_…`, Standard Webhooks), shown this once: verify each delivery's `webhook-signature` with it.",
  }),
});
const ZDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  type: z.string().meta({ description: "The event's type (one of the events, or `webhook.test`)." }),
  status: z.enum(WEBHOOK_DELIVERY_STATES).meta({
    description:
      "`pending`: waiting for its first attempt; `sending`: an attempt is under way; `retrying`: an attempt failed and another follows with back-off; `succeeded`: the receiver answered 2xx; `failed`: every attempt failed (or the endpoint was disabled).",
  }),
  attempts: z.number().int(),
  lastAttemptAt: z.iso.datetime().nullable(),
  responseStatus: z.number().int().nullable().meta({
    description:
      "The receiver's status code at the last attempt; null: no answer (timeout, refused address).",
  }),
  responseExcerpt: z.string().nullable().meta({
    description: "The first 500 characters of the receiver's answer, or what went wrong.",
  }),
  createdAt: z.iso.datetime(),
});
const ZId = z.object({ id: z.uuid() });

const tags = ["webhook"];
const manage = () => withPlanOrPlatformAdmin("tenant.webhooks.manage", "webhooks");
const WHO =
  "Tenant admins of a PRO or TOTAL organisation (`plan_required` on FREE), and platform admins for any organisation.";
const allowPrivate = (config: { allowPrivateWebhookAddresses?: boolean }) =>
  config.allowPrivateWebhookAddresses === true;

export const webhookRouter = router({
  list: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/webhook",
        tags,
        summary: "The organisation's webhook endpoints",
        description: WHO,
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZEndpoint))
    .query(({ ctx }) => endpoints.listEndpoints(ctx.tx, ctx.tenant.id)),
  create: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/webhook",
        tags,
        summary: "Add a webhook endpoint",
        description: `${WHO} The answer carries the signing secret once. A URL on a loopback, private or link-local address answers \`webhook_url_private\`; the eleventh endpoint \`webhook_limit_reached\`.`,
      },
    })
    .input(ZWebhookCreateInput)
    .output(ZCreatedEndpoint)
    .mutation(({ ctx, input }) =>
      endpoints.createEndpoint(ctx.tx, ctx.tenant.id, ctx.user.id, input, {
        allowPrivate: allowPrivate(ctx.config),
        secretsKey: ctx.config.secretsKey,
      }),
    ),
  update: manage()
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/webhook/{id}",
        tags,
        summary: "Change a webhook endpoint",
        description: `${WHO} Fields left out stay as they are; the secret does not change.`,
      },
    })
    .input(ZWebhookUpdateInput)
    .output(ZEndpoint)
    .mutation(({ ctx, input }) =>
      endpoints.updateEndpoint(ctx.tx, ctx.tenant.id, ctx.user.id, input, allowPrivate(ctx.config)),
    ),
  delete: manage()
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/webhook/{id}",
        tags,
        summary: "Delete a webhook endpoint",
        description: `${WHO} Its waiting deliveries are not sent; its delivery log goes with it.`,
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await endpoints.deleteEndpoint(ctx.tx, ctx.tenant.id, ctx.user.id, input.id);
      return ok;
    }),
  deliveries: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/webhook/{id}/delivery",
        tags,
        summary: "An endpoint's deliveries, newest first",
        description: `${WHO} ${deliveries.DELIVERIES_PAGE_SIZE} a page.`,
      },
    })
    .input(ZId.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) }))
    .output(
      z.object({
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
        items: z.array(ZDelivery),
      }),
    )
    .query(({ ctx, input }) => deliveries.listDeliveries(ctx.tx, ctx.tenant.id, input.id, input.page)),
  resend: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/webhook/delivery/{id}/resend",
        tags,
        summary: "Send a delivery again",
        description: `${WHO} A delivery that succeeded or failed is sent again with the same \`webhook-id\`; one still waiting or being sent answers \`webhook_delivery_in_progress\`.`,
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deliveries.resendDelivery(ctx.tx, ctx.tenant.id, ctx.user.id, input.id);
      return ok;
    }),
  test: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/webhook/{id}/test",
        tags,
        summary: "Send a test event to an endpoint",
        description: `${WHO} A \`webhook.test\` event to this endpoint only; it shows in the delivery log.`,
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deliveries.sendTestEvent(ctx.tx, ctx.tenant.id, input.id);
      return ok;
    }),
});
