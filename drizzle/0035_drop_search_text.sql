ALTER TABLE "parties" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "persons" DROP COLUMN "search";