CREATE TABLE "message_reads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"category" text NOT NULL,
	"author" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sticky" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_published_order_idx" ON "messages" USING btree ("sticky","created_at") WHERE "messages"."published";--> statement-breakpoint
CREATE POLICY "message_reads_own" ON "message_reads" AS PERMISSIVE FOR ALL TO public USING ("message_reads"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("message_reads"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "messages_read" ON "messages" AS PERMISSIVE FOR SELECT TO public USING ("messages"."published" or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "messages_write" ON "messages" AS PERMISSIVE FOR ALL TO public USING ((current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ((current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
ALTER TABLE "messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "message_reads" FORCE ROW LEVEL SECURITY;

