import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  createdAt,
  rowId,
  tenantFirstPrimaryKey,
  tenantForeignKey,
  tenantId,
  tenantPolicy,
  tenantPrimaryKey,
  updatedAt,
} from "./columns";
import { surveyTemplates } from "./content";
import { mailOutbox } from "./platform";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Surveys and their answers (document 2, DECISIONS.md "Surveys and answers"). Every table is
 * tenant-owned and fenced by row-level security; the respondent page reaches a share's tenant only
 * through its unguessable key.
 */

const tenantRef = () => tenantId().references(() => tenants.id, { onDelete: "cascade" });

export const SURVEY_TYPES = ["PERSONNEL", "MANAGEMENT"] as const;

/** A group of recipients of one survey type, named in the public link by `urlSafeName`. */
export const teams = pgTable(
  "teams",
  {
    id: rowId(),
    tenantId: tenantRef(),
    /** Public identifier of the team in paths (document 2 §3). */
    key: text().notNull(),
    name: text().notNull(),
    type: text({ enum: SURVEY_TYPES }).notNull(),
    description: text(),
    urlSafeName: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex("teams_key").on(t.key, t.tenantId),
    uniqueIndex("teams_tenant_url_safe_name").on(t.tenantId, t.urlSafeName),
    tenantPolicy("teams", t.tenantId),
  ],
);

/** A team's default recipients: e-mail addresses (document 2 §3 "answerers"). */
export const teamAnswerers = pgTable(
  "team_answerers",
  {
    id: rowId(),
    tenantId: tenantRef(),
    teamId: uuid().notNull(),
    email: text().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("team_answerers_team_id_fk", t.teamId, t.tenantId, teams).onDelete("cascade"),
    uniqueIndex("team_answerers_team_email").on(t.teamId, t.email, t.tenantId),
    tenantPolicy("team_answerers", t.tenantId),
  ],
);

export const surveys = pgTable(
  "surveys",
  {
    id: rowId(),
    tenantId: tenantRef(),
    /** Public identifier in routes and REST paths. */
    key: text().notNull(),
    name: text(),
    type: text({ enum: SURVEY_TYPES }).notNull(),
    /** The exact template version answered; a template in use is never changed under it. */
    templateId: uuid()
      .notNull()
      .references(() => surveyTemplates.id, { onDelete: "restrict" }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    notifications: text({ enum: ["DAILY", "WEEKLY"] }),
    estimatedAnswerers: integer(),
    /** Day of the latest response (a response keeps its day, not its time). */
    latestAnswerOn: date(),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex("surveys_key").on(t.key, t.tenantId),
    index("surveys_tenant_ends_idx").on(t.tenantId, t.endsAt),
    tenantPolicy("surveys", t.tenantId),
  ],
);

/** A survey shared with teams; its key is the unguessable part of the public link. */
export const surveyShares = pgTable(
  "survey_shares",
  {
    id: rowId(),
    tenantId: tenantRef(),
    surveyId: uuid().notNull(),
    key: text().notNull(),
    name: text().notNull(),
    /** Estimated answerers of this share. */
    answerers: integer(),
    /** When invitations were last sent by e-mail (a share with `sentAt` warns before resending). */
    sentAt: timestamp({ withTimezone: true }),
    /**
     * The share's released state (issue 17.1): the engine's aggregates that results show. It
     * advances only by steps of at least the anonymity threshold of new answers, per figure
     * (packages/api/src/reports/release.ts); null until the first release.
     */
    releasedAggregates: jsonb(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("survey_shares_survey_id_fk", t.surveyId, t.tenantId, surveys).onDelete("cascade"),
    uniqueIndex("survey_shares_key").on(t.key, t.tenantId),
    index("survey_shares_survey_idx").on(t.surveyId),
    tenantPolicy("survey_shares", t.tenantId),
    // The respondent page knows only the share's key, the unguessable part of the public link: a
    // transaction that names the key (set_config('app.share_key', key, true)) reads that one share,
    // learns its tenant, and then works under the tenant policy like any other call.
    pgPolicy("survey_shares_by_key", {
      as: "permissive",
      for: "select",
      using: sql`${t.key} = (select nullif(current_setting('app.share_key', true), ''))`,
    }),
  ],
);

export const surveyShareTeams = pgTable(
  "survey_share_teams",
  {
    tenantId: tenantRef(),
    shareId: uuid().notNull(),
    teamId: uuid().notNull(),
  },
  (t) => [
    tenantForeignKey("survey_share_teams_team_id_fk", t.teamId, t.tenantId, teams).onDelete("cascade"),
    tenantForeignKey("survey_share_teams_share_id_fk", t.shareId, t.tenantId, surveyShares).onDelete(
      "cascade",
    ),
    primaryKey({ columns: [t.shareId, t.teamId, t.tenantId] }),
    index("survey_share_teams_team_idx").on(t.teamId),
    tenantPolicy("survey_share_teams", t.tenantId),
  ],
);

/**
 * One invitation mail of a share to one address: queued in the share's transaction, sent by a
 * job with retries, its state visible to the admin. The address is dropped from nothing: the
 * admin typed it and sees where mail went.
 */
export const surveyShareInvitations = pgTable(
  "survey_share_invitations",
  {
    id: rowId(),
    tenantId: tenantRef(),
    shareId: uuid().notNull(),
    email: text().notNull(),
    language: text({ enum: ["en", "fi", "ee", "ru", "pl"] }).notNull(),
    state: text({ enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * The outbox mail the job queued for this invitation: the outbox delivers it (retries, back-off,
     * sandbox hold) and the job copies its outcome back here. Null until the job has queued it.
     */
    mailId: bigint({ mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey("survey_share_invitations_share_id_fk", t.shareId, t.tenantId, surveyShares).onDelete(
      "cascade",
    ),
    index("survey_share_invitations_share_idx").on(t.shareId),
    index("survey_share_invitations_queued_idx").on(t.createdAt).where(sql`${t.state} = 'queued'`),
    tenantPolicy("survey_share_invitations", t.tenantId),
  ],
);

/**
 * One submitted response: its answers packed in one value keyed by question key (GUIDE.md
 * "Answers at volume"). No IP address, no user agent, no time of day: only the day. The browser's
 * submission id makes a retry idempotent; the hash of the browser's token recognises a second
 * submission from the same browser.
 */
export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: rowId(),
    tenantId: tenantRef(),
    surveyId: uuid().notNull(),
    shareId: uuid().notNull(),
    teamId: uuid().notNull(),
    submissionId: uuid().notNull(),
    browserTokenHash: text().notNull(),
    language: text({ enum: ["en", "fi", "ee", "ru", "pl"] }).notNull(),
    /** { [questionKey]: number } — slider value or chosen choice value. */
    answers: jsonb().notNull(),
    submittedOn: date().notNull(),
  },
  (t) => [
    tenantFirstPrimaryKey(t),
    tenantForeignKey("survey_responses_team_id_fk", t.teamId, t.tenantId, teams).onDelete("cascade"),
    tenantForeignKey("survey_responses_share_id_fk", t.shareId, t.tenantId, surveyShares).onDelete("cascade"),
    tenantForeignKey("survey_responses_survey_id_fk", t.surveyId, t.tenantId, surveys).onDelete("cascade"),
    uniqueIndex("survey_responses_submission").on(t.tenantId, t.submissionId),
    uniqueIndex("survey_responses_share_browser").on(t.shareId, t.browserTokenHash, t.tenantId),
    index("survey_responses_survey_day_idx").on(t.surveyId, t.submittedOn),
    tenantPolicy("survey_responses", t.tenantId),
  ],
);

/** Stripes of one (share, team) aggregate: a submission updates one at random, reads merge them. */
export const AGGREGATE_STRIPES = 8;

/**
 * The engine's mergeable aggregates of a share's team, kept up to date in each submission's
 * transaction, so results never scan raw answers.
 */
export const surveyAggregates = pgTable(
  "survey_aggregates",
  {
    tenantId: tenantRef(),
    surveyId: uuid().notNull(),
    shareId: uuid().notNull(),
    teamId: uuid().notNull(),
    stripe: smallint().notNull(),
    /** engine `Aggregates` (respondents, category and question moments). */
    aggregates: jsonb().notNull(),
  },
  (t) => [
    tenantForeignKey("survey_aggregates_team_id_fk", t.teamId, t.tenantId, teams).onDelete("cascade"),
    tenantForeignKey("survey_aggregates_share_id_fk", t.shareId, t.tenantId, surveyShares).onDelete(
      "cascade",
    ),
    tenantForeignKey("survey_aggregates_survey_id_fk", t.surveyId, t.tenantId, surveys).onDelete("cascade"),
    primaryKey({ columns: [t.shareId, t.teamId, t.stripe, t.tenantId] }),
    index("survey_aggregates_survey_idx").on(t.surveyId),
    tenantPolicy("survey_aggregates", t.tenantId),
  ],
);
