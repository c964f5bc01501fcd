-- Surveys (issue 7): every tenant-owned table obeys its policies even for the owner.
ALTER TABLE "teams" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "team_answerers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "surveys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_shares" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_share_teams" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_share_invitations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_responses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_aggregates" FORCE ROW LEVEL SECURITY;
