CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"engine_name" text NOT NULL,
	"parent_id" uuid,
	"order" integer NOT NULL,
	"level" integer NOT NULL,
	"types" text[] NOT NULL,
	"name_tid" text NOT NULL,
	"description_tid" text NOT NULL,
	CONSTRAINT "categories_key_unique" UNIQUE("key"),
	CONSTRAINT "categories_engineName_unique" UNIQUE("engine_name")
);
--> statement-breakpoint
CREATE TABLE "question_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name_tid" text NOT NULL,
	"value" integer NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "question_choices_question_key" UNIQUE("question_id","key")
);
--> statement-breakpoint
CREATE TABLE "static_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"category_id" uuid,
	"swot_type" text,
	"priority" text NOT NULL,
	"name_tid" text NOT NULL,
	"description_tid" text NOT NULL,
	"survey_question" text,
	CONSTRAINT "static_tasks_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"order" integer NOT NULL,
	"group_key" text,
	"category" text,
	"title_tid" text NOT NULL,
	"content_tid" text,
	"slider_min" integer,
	"slider_max" integer,
	"slider_step" integer,
	"slider_min_tid" text,
	"slider_max_tid" text,
	"choice_limit" integer,
	"strength_tid" text,
	"weakness_tid" text,
	"opportunity_tid" text,
	CONSTRAINT "survey_questions_template_key" UNIQUE("template_id","key")
);
--> statement-breakpoint
CREATE TABLE "survey_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"start_tid" text NOT NULL,
	"welcome" boolean DEFAULT true NOT NULL,
	"autojump" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_templates_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"tid" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_tid_language_pk" PRIMARY KEY("tid","language")
);
--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_tasks" ADD CONSTRAINT "static_tasks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_questions_template_idx" ON "survey_questions" USING btree ("template_id","order");