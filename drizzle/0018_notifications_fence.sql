-- Notifications and survey mail rounds (issue 8): tenant-owned, obeying their policies even for the owner.
ALTER TABLE "notifications" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_mail_rounds" FORCE ROW LEVEL SECURITY;
