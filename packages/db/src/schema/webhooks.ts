import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, rowId, tenantForeignKey, tenantId, tenantPolicy, tenantPrimaryKey } from "./columns";
import { tenants } from "./tenants";
import { bytea, users } from "./users";

/**
 * Webhooks for integrators (issue 20.4; docs/decisions.md "Webhooks"). Three tenant-owned tables under
 * the tenant policy: the endpoints, the events that happened, and one delivery per (endpoint, event),
 * which is the outbox the delivery job works through. An event is written in the transaction of the
 * change it reports, so a change that rolls back sends nothing.
 */
const tenantRef = () => tenantId().references(() => tenants.id, { onDelete: "cascade" });

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: rowId(),
    tenantId: tenantRef(),
    url: text().notNull(),
    description: text().notNull().default(""),
    events: text().array().notNull(),
    /** survey.answers_reached: the count to reach; null: the survey's expected answers. */
    answerCount: integer(),
    /**
     * The signing secret, `whsec_<base64>` (Standard Webhooks), sealed with SECRETS_KEY (AES-256-GCM,
     * bound to the organisation and the endpoint) when `secretEncrypted`; a row from before sealing
     * holds it as UTF-8 until the next start seals it. Each delivery is signed with it; answered
     * once, at creation, and never again.
     */
    secret: bytea().notNull(),
    secretEncrypted: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    tenantPrimaryKey(t),
    index("webhook_endpoints_tenant_idx").on(t.tenantId),
    tenantPolicy("webhook_endpoints", t.tenantId),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: rowId(),
    tenantId: tenantRef(),
    type: text().notNull(),
    /** The `data` of the delivered body. */
    data: jsonb().notNull(),
    /** Events found by the scheduled scan (a survey started) are recorded once per key. */
    dedupeKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex("webhook_events_dedupe").on(t.tenantId, t.dedupeKey),
    index("webhook_events_tenant_idx").on(t.tenantId, t.createdAt),
    tenantPolicy("webhook_events", t.tenantId),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: rowId(),
    tenantId: tenantRef(),
    endpointId: uuid().notNull(),
    eventId: uuid().notNull(),
    /** The pg-boss job of the current round; a new one for a resend. Two processes queueing the same round make one job. */
    jobId: uuid().notNull().default(sql`gen_random_uuid()`),
    status: text({ enum: ["pending", "sending", "retrying", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    /** When the round was handed to pg-boss; null: not yet (the next scan hands it). */
    queuedAt: timestamp({ withTimezone: true }),
    attempts: smallint().notNull().default(0),
    lastAttemptAt: timestamp({ withTimezone: true }),
    responseStatus: smallint(),
    /** The first characters of the receiver's answer, or what went wrong before one. */
    responseExcerpt: text(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("webhook_deliveries_event_id_fk", t.eventId, t.tenantId, webhookEvents).onDelete(
      "cascade",
    ),
    tenantForeignKey(
      "webhook_deliveries_endpoint_id_fk",
      t.endpointId,
      t.tenantId,
      webhookEndpoints,
    ).onDelete("cascade"),
    uniqueIndex("webhook_deliveries_endpoint_event").on(t.endpointId, t.eventId, t.tenantId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_unqueued_idx").on(t.createdAt).where(sql`${t.queuedAt} is null`),
    tenantPolicy("webhook_deliveries", t.tenantId),
  ],
);
