-- Tasks and task votes (issue 9): tenant-owned tables obey their policies even for the owner.
ALTER TABLE "tasks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "task_votes" FORCE ROW LEVEL SECURITY;
