CREATE TABLE "party_counts" (
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "party_counts_tenant_id_type_pk" PRIMARY KEY("tenant_id","type")
);
--> statement-breakpoint
ALTER TABLE "party_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "party_search_terms" (
	"tenant_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"party_id" uuid NOT NULL,
	CONSTRAINT "party_search_terms_tenant_id_term_party_id_pk" PRIMARY KEY("tenant_id","term","party_id")
);
--> statement-breakpoint
ALTER TABLE "party_search_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "person_counts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "person_search_terms" (
	"tenant_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "person_search_terms_tenant_id_term_person_id_pk" PRIMARY KEY("tenant_id","term","person_id")
);
--> statement-breakpoint
ALTER TABLE "person_search_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "work_task_search_terms" (
	"tenant_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"work_task_id" uuid NOT NULL,
	CONSTRAINT "work_task_search_terms_tenant_id_term_work_task_id_pk" PRIMARY KEY("tenant_id","term","work_task_id")
);
--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "party_counts" ADD CONSTRAINT "party_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_search_terms" ADD CONSTRAINT "party_search_terms_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_counts" ADD CONSTRAINT "person_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_search_terms" ADD CONSTRAINT "person_search_terms_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD CONSTRAINT "work_task_search_terms_work_task_id_work_tasks_id_fk" FOREIGN KEY ("work_task_id") REFERENCES "public"."work_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_search_terms_party_idx" ON "party_search_terms" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "person_search_terms_person_idx" ON "person_search_terms" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "work_task_search_terms_task_idx" ON "work_task_search_terms" USING btree ("work_task_id");--> statement-breakpoint
CREATE POLICY "party_counts_tenant_isolation" ON "party_counts" AS PERMISSIVE FOR ALL TO public USING ("party_counts"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("party_counts"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "party_search_terms_tenant_isolation" ON "party_search_terms" AS PERMISSIVE FOR ALL TO public USING ("party_search_terms"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("party_search_terms"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "person_counts_tenant_isolation" ON "person_counts" AS PERMISSIVE FOR ALL TO public USING ("person_counts"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("person_counts"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "person_search_terms_tenant_isolation" ON "person_search_terms" AS PERMISSIVE FOR ALL TO public USING ("person_search_terms"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("person_search_terms"."tenant_id" = (select nullif(current_setting('app.tenant_id', true), '')::uuid) or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
CREATE POLICY "work_task_search_terms_tenant_isolation" ON "work_task_search_terms" AS PERMISSIVE FOR ALL TO public USING ("work_task_search_terms"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin()))) WITH CHECK ("work_task_search_terms"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::uuid or (current_user = 'kunto_system' or (select kunto_is_platform_admin())));--> statement-breakpoint
ALTER TABLE "party_search_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "person_search_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_task_search_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "party_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "person_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Search at volume (docs/decisions.md): the words of a text, lower-cased, at most 64 characters:
-- split on white space and punctuation other than @ . _ % + - (an e-mail, a business code such as
-- 1234567-8 stay whole), and also on those (their parts: "example", "fi"). No locale classes, so a
-- word's ä, ö, õ stay in it whatever the database's locale.
CREATE FUNCTION kunto_search_words(VARIADIC parts text[]) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(w, 64) FROM (
    SELECT regexp_split_to_table(lower(array_to_string(parts, ' ')), '[[:space:]!"#$&''()*,/:;<=>?\[\\\]^`{|}~]+')
    UNION ALL
    SELECT regexp_split_to_table(lower(array_to_string(parts, ' ')), '[[:space:]!"#$&''()*,/:;<=>?\[\\\]^`{|}~@._%+-]+')
  ) s(w) WHERE w <> ''
$$;--> statement-breakpoint
-- Each statement on a parent writes the terms of its new rows and, on UPDATE, replaces those of
-- the rows whose searched columns changed; a DELETE removes them through the foreign key.
CREATE FUNCTION kunto_party_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM party_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.party_id = o.id
      AND (o.tenant_id, o.company_name, o.business_code, o.code) IS DISTINCT FROM (n.tenant_id, n.company_name, n.business_code, n.code);
    INSERT INTO party_search_terms (tenant_id, term, party_id)
    SELECT n.tenant_id, w, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id,
      kunto_search_words(n.company_name, n.business_code, n.code) w
    WHERE (o.tenant_id, o.company_name, o.business_code, o.code) IS DISTINCT FROM (n.tenant_id, n.company_name, n.business_code, n.code);
  ELSE
    INSERT INTO party_search_terms (tenant_id, term, party_id)
    SELECT n.tenant_id, w, n.id FROM new_rows n, kunto_search_words(n.company_name, n.business_code, n.code) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER party_search_terms_insert AFTER INSERT ON parties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_party_search_terms();--> statement-breakpoint
CREATE TRIGGER party_search_terms_update AFTER UPDATE ON parties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_party_search_terms();--> statement-breakpoint
CREATE FUNCTION kunto_person_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM person_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.person_id = o.id
      AND (o.tenant_id, o.lastname, o.firstname, o.email, o.phone) IS DISTINCT FROM (n.tenant_id, n.lastname, n.firstname, n.email, n.phone);
    INSERT INTO person_search_terms (tenant_id, term, person_id)
    SELECT n.tenant_id, w, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id,
      kunto_search_words(n.lastname, n.firstname, n.email, n.phone) w
    WHERE (o.tenant_id, o.lastname, o.firstname, o.email, o.phone) IS DISTINCT FROM (n.tenant_id, n.lastname, n.firstname, n.email, n.phone);
  ELSE
    INSERT INTO person_search_terms (tenant_id, term, person_id)
    SELECT n.tenant_id, w, n.id FROM new_rows n, kunto_search_words(n.lastname, n.firstname, n.email, n.phone) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER person_search_terms_insert AFTER INSERT ON persons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_person_search_terms();--> statement-breakpoint
CREATE TRIGGER person_search_terms_update AFTER UPDATE ON persons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_person_search_terms();--> statement-breakpoint
CREATE FUNCTION kunto_work_task_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM work_task_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.work_task_id = o.id
      AND (o.tenant_id, o.title, o.message) IS DISTINCT FROM (n.tenant_id, n.title, n.message);
    INSERT INTO work_task_search_terms (tenant_id, term, work_task_id)
    SELECT n.tenant_id, w, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id,
      kunto_search_words(n.title, n.message) w
    WHERE (o.tenant_id, o.title, o.message) IS DISTINCT FROM (n.tenant_id, n.title, n.message);
  ELSE
    INSERT INTO work_task_search_terms (tenant_id, term, work_task_id)
    SELECT n.tenant_id, w, n.id FROM new_rows n, kunto_search_words(n.title, n.message) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_task_search_terms_insert AFTER INSERT ON work_tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_work_task_search_terms();--> statement-breakpoint
CREATE TRIGGER work_task_search_terms_update AFTER UPDATE ON work_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_work_task_search_terms();--> statement-breakpoint
-- The unfiltered lists' totals, as work_task_counts (migration 0032).
CREATE FUNCTION kunto_party_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE party_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, type, count(*)::int AS n FROM old_rows GROUP BY 1, 2) o
    WHERE c.tenant_id = o.tenant_id AND c.type = o.type;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO party_counts AS c (tenant_id, type, n)
    SELECT tenant_id, type, count(*)::int FROM new_rows GROUP BY 1, 2
    ON CONFLICT (tenant_id, type) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER party_counts_insert AFTER INSERT ON parties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_party_counts();--> statement-breakpoint
CREATE TRIGGER party_counts_update AFTER UPDATE ON parties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_party_counts();--> statement-breakpoint
CREATE TRIGGER party_counts_delete AFTER DELETE ON parties REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_party_counts();--> statement-breakpoint
CREATE FUNCTION kunto_person_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE person_counts c SET n = c.n - o.n
    FROM (SELECT tenant_id, count(*)::int AS n FROM old_rows GROUP BY 1) o WHERE c.tenant_id = o.tenant_id;
  ELSE
    INSERT INTO person_counts AS c (tenant_id, n)
    SELECT tenant_id, count(*)::int FROM new_rows GROUP BY 1
    ON CONFLICT (tenant_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER person_counts_insert AFTER INSERT ON persons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_person_counts();--> statement-breakpoint
CREATE TRIGGER person_counts_delete AFTER DELETE ON persons REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kunto_person_counts();--> statement-breakpoint
-- Back-fill for the rows already there, as the system role (the tables are under FORCE).
SET LOCAL ROLE kunto_system;--> statement-breakpoint
INSERT INTO party_search_terms (tenant_id, term, party_id)
SELECT p.tenant_id, w, p.id FROM parties p, kunto_search_words(p.company_name, p.business_code, p.code) w;--> statement-breakpoint
INSERT INTO person_search_terms (tenant_id, term, person_id)
SELECT p.tenant_id, w, p.id FROM persons p, kunto_search_words(p.lastname, p.firstname, p.email, p.phone) w;--> statement-breakpoint
INSERT INTO work_task_search_terms (tenant_id, term, work_task_id)
SELECT w.tenant_id, t, w.id FROM work_tasks w, kunto_search_words(w.title, w.message) t;--> statement-breakpoint
INSERT INTO party_counts (tenant_id, type, n) SELECT tenant_id, type, count(*)::int FROM parties GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO person_counts (tenant_id, n) SELECT tenant_id, count(*)::int FROM persons GROUP BY 1;--> statement-breakpoint
RESET ROLE;
