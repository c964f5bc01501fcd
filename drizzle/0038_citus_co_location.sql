-- Citus co-location (issue 24, docs/scaling.md "The path past one database"): every tenant table's
-- primary key, unique constraints and foreign keys to other tenant tables include tenant_id.
-- Primary keys become (id, tenant_id): id first, so a lookup by id alone still walks the key.
-- Foreign keys between tenant tables become (column, tenant_id) -> (id, tenant_id): co-located, and
-- a row can point only at a row of its own organisation. ON DELETE SET NULL names its column
-- (PostgreSQL 15), which keeps tenant_id. Unique indexes keep their names (error mapping reads
-- them) and their leading columns (their lookups), with tenant_id last. Written by hand: drizzle-kit
-- cannot name the old primary keys nor write SET NULL (column); its snapshot matches the schema.
ALTER TABLE "party_search_terms" DROP CONSTRAINT "party_search_terms_party_id_parties_id_fk";
--> statement-breakpoint
ALTER TABLE "person_search_terms" DROP CONSTRAINT "person_search_terms_person_id_persons_id_fk";
--> statement-breakpoint
ALTER TABLE "persons" DROP CONSTRAINT "persons_employer_id_parties_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_aggregates" DROP CONSTRAINT "survey_aggregates_survey_id_surveys_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_aggregates" DROP CONSTRAINT "survey_aggregates_share_id_survey_shares_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_aggregates" DROP CONSTRAINT "survey_aggregates_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" DROP CONSTRAINT "survey_mail_rounds_survey_id_surveys_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_survey_id_surveys_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_share_id_survey_shares_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_share_invitations" DROP CONSTRAINT "survey_share_invitations_share_id_survey_shares_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_share_teams" DROP CONSTRAINT "survey_share_teams_share_id_survey_shares_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_share_teams" DROP CONSTRAINT "survey_share_teams_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_shares" DROP CONSTRAINT "survey_shares_survey_id_surveys_id_fk";
--> statement-breakpoint
ALTER TABLE "task_votes" DROP CONSTRAINT "task_votes_task_id_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_source_survey_id_surveys_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "team_answerers" DROP CONSTRAINT "team_answerers_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk";
--> statement-breakpoint
ALTER TABLE "work_task_search_terms" DROP CONSTRAINT "work_task_search_terms_work_task_id_work_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey";
--> statement-breakpoint
ALTER TABLE "financial_statements" DROP CONSTRAINT "financial_statements_pkey";
--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey";
--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_pkey";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";
--> statement-breakpoint
ALTER TABLE "parties" DROP CONSTRAINT "parties_pkey";
--> statement-breakpoint
ALTER TABLE "persons" DROP CONSTRAINT "persons_pkey";
--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_pkey";
--> statement-breakpoint
ALTER TABLE "survey_share_invitations" DROP CONSTRAINT "survey_share_invitations_pkey";
--> statement-breakpoint
ALTER TABLE "survey_shares" DROP CONSTRAINT "survey_shares_pkey";
--> statement-breakpoint
ALTER TABLE "surveys" DROP CONSTRAINT "surveys_pkey";
--> statement-breakpoint
ALTER TABLE "task_votes" DROP CONSTRAINT "task_votes_pkey";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_pkey";
--> statement-breakpoint
ALTER TABLE "team_answerers" DROP CONSTRAINT "team_answerers_pkey";
--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_pkey";
--> statement-breakpoint
ALTER TABLE "work_task_hellos" DROP CONSTRAINT "work_task_hellos_pkey";
--> statement-breakpoint
ALTER TABLE "work_tasks" DROP CONSTRAINT "work_tasks_pkey";
--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" DROP CONSTRAINT "survey_mail_rounds_kind_survey_id_period_pk";
--> statement-breakpoint
ALTER TABLE "survey_aggregates" DROP CONSTRAINT "survey_aggregates_share_id_team_id_stripe_pk";
--> statement-breakpoint
ALTER TABLE "survey_share_teams" DROP CONSTRAINT "survey_share_teams_share_id_team_id_pk";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "financial_statements" ADD CONSTRAINT "financial_statements_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "survey_share_invitations" ADD CONSTRAINT "survey_share_invitations_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "survey_shares" ADD CONSTRAINT "survey_shares_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "task_votes" ADD CONSTRAINT "task_votes_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "team_answerers" ADD CONSTRAINT "team_answerers_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "work_task_hellos" ADD CONSTRAINT "work_task_hellos_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "work_tasks" ADD CONSTRAINT "work_tasks_id_tenant_id_pk" PRIMARY KEY ("id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" ADD CONSTRAINT "survey_mail_rounds_kind_survey_id_period_tenant_id_pk" PRIMARY KEY ("kind", "survey_id", "period", "tenant_id");
--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_share_id_team_id_stripe_tenant_id_pk" PRIMARY KEY ("share_id", "team_id", "stripe", "tenant_id");
--> statement-breakpoint
ALTER TABLE "survey_share_teams" ADD CONSTRAINT "survey_share_teams_share_id_team_id_tenant_id_pk" PRIMARY KEY ("share_id", "team_id", "tenant_id");
--> statement-breakpoint
DROP INDEX "api_keys_public_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_key" ON "api_keys" USING btree ("public_key", "tenant_id");
--> statement-breakpoint
DROP INDEX "tenant_billing_customer";
--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_billing_customer" ON "tenant_billing" USING btree ("stripe_customer_id", "tenant_id");
--> statement-breakpoint
DROP INDEX "survey_responses_submission";
--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_submission" ON "survey_responses" USING btree ("submission_id", "tenant_id");
--> statement-breakpoint
DROP INDEX "survey_responses_share_browser";
--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_share_browser" ON "survey_responses" USING btree ("share_id", "browser_token_hash", "tenant_id");
--> statement-breakpoint
DROP INDEX "survey_shares_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "survey_shares_key" ON "survey_shares" USING btree ("key", "tenant_id");
--> statement-breakpoint
DROP INDEX "surveys_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_key" ON "surveys" USING btree ("key", "tenant_id");
--> statement-breakpoint
DROP INDEX "team_answerers_team_email";
--> statement-breakpoint
CREATE UNIQUE INDEX "team_answerers_team_email" ON "team_answerers" USING btree ("team_id", "email", "tenant_id");
--> statement-breakpoint
DROP INDEX "teams_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "teams_key" ON "teams" USING btree ("key", "tenant_id");
--> statement-breakpoint
DROP INDEX "task_votes_task_session";
--> statement-breakpoint
CREATE UNIQUE INDEX "task_votes_task_session" ON "task_votes" USING btree ("task_id", "session_hash", "tenant_id");
--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_event";
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event" ON "webhook_deliveries" USING btree ("endpoint_id", "event_id", "tenant_id");
--> statement-breakpoint
ALTER TABLE "party_search_terms" ADD CONSTRAINT "party_search_terms_party_id_fk" FOREIGN KEY ("party_id", "tenant_id") REFERENCES "public"."parties"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person_search_terms" ADD CONSTRAINT "person_search_terms_person_id_fk" FOREIGN KEY ("person_id", "tenant_id") REFERENCES "public"."persons"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_employer_id_fk" FOREIGN KEY ("employer_id", "tenant_id") REFERENCES "public"."parties"("id", "tenant_id") ON DELETE SET NULL ("employer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_survey_id_fk" FOREIGN KEY ("survey_id", "tenant_id") REFERENCES "public"."surveys"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_share_id_fk" FOREIGN KEY ("share_id", "tenant_id") REFERENCES "public"."survey_shares"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_aggregates" ADD CONSTRAINT "survey_aggregates_team_id_fk" FOREIGN KEY ("team_id", "tenant_id") REFERENCES "public"."teams"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" ADD CONSTRAINT "survey_mail_rounds_survey_id_fk" FOREIGN KEY ("survey_id", "tenant_id") REFERENCES "public"."surveys"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_fk" FOREIGN KEY ("survey_id", "tenant_id") REFERENCES "public"."surveys"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_share_id_fk" FOREIGN KEY ("share_id", "tenant_id") REFERENCES "public"."survey_shares"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_team_id_fk" FOREIGN KEY ("team_id", "tenant_id") REFERENCES "public"."teams"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_share_invitations" ADD CONSTRAINT "survey_share_invitations_share_id_fk" FOREIGN KEY ("share_id", "tenant_id") REFERENCES "public"."survey_shares"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_share_teams" ADD CONSTRAINT "survey_share_teams_share_id_fk" FOREIGN KEY ("share_id", "tenant_id") REFERENCES "public"."survey_shares"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_share_teams" ADD CONSTRAINT "survey_share_teams_team_id_fk" FOREIGN KEY ("team_id", "tenant_id") REFERENCES "public"."teams"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "survey_shares" ADD CONSTRAINT "survey_shares_survey_id_fk" FOREIGN KEY ("survey_id", "tenant_id") REFERENCES "public"."surveys"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_votes" ADD CONSTRAINT "task_votes_task_id_fk" FOREIGN KEY ("task_id", "tenant_id") REFERENCES "public"."tasks"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_survey_id_fk" FOREIGN KEY ("source_survey_id", "tenant_id") REFERENCES "public"."surveys"("id", "tenant_id") ON DELETE SET NULL ("source_survey_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_team_id_fk" FOREIGN KEY ("team_id", "tenant_id") REFERENCES "public"."teams"("id", "tenant_id") ON DELETE SET NULL ("team_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_answerers" ADD CONSTRAINT "team_answerers_team_id_fk" FOREIGN KEY ("team_id", "tenant_id") REFERENCES "public"."teams"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fk" FOREIGN KEY ("endpoint_id", "tenant_id") REFERENCES "public"."webhook_endpoints"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fk" FOREIGN KEY ("event_id", "tenant_id") REFERENCES "public"."webhook_events"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD CONSTRAINT "work_task_search_terms_work_task_id_fk" FOREIGN KEY ("work_task_id", "tenant_id") REFERENCES "public"."work_tasks"("id", "tenant_id") ON DELETE CASCADE ON UPDATE no action;
