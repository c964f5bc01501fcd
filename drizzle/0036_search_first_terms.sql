ALTER TABLE "party_search_terms" ADD COLUMN "prev_term" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "person_search_terms" ADD COLUMN "prev_term" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD COLUMN "prev_term" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD COLUMN "assigned_user_id" uuid;--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD COLUMN "assigner_user_id" uuid;--> statement-breakpoint
-- Search at volume (docs/decisions.md): each term row knows the term before it among its parent's
-- terms in "C" order, so a one-word total counts the rows starting a parent's run inside the
-- prefix range (prev_term null or before the prefix) instead of sorting every matching id. A work
-- task's terms also carry the columns its list filters on (status, assignee, assigner), rewritten
-- when they change. The primary keys INCLUDE these columns: the counts stay index-only scans.
CREATE OR REPLACE FUNCTION kunto_party_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM party_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.party_id = o.id
      AND (o.tenant_id, o.company_name, o.business_code, o.code) IS DISTINCT FROM (n.tenant_id, n.company_name, n.business_code, n.code);
    INSERT INTO party_search_terms (tenant_id, term, prev_term, party_id)
    SELECT n.tenant_id, w, lag(w) OVER (PARTITION BY n.id ORDER BY w COLLATE "C"), n.id
    FROM new_rows n JOIN old_rows o ON o.id = n.id,
      kunto_search_words(n.company_name, n.business_code, n.code) w
    WHERE (o.tenant_id, o.company_name, o.business_code, o.code) IS DISTINCT FROM (n.tenant_id, n.company_name, n.business_code, n.code);
  ELSE
    INSERT INTO party_search_terms (tenant_id, term, prev_term, party_id)
    SELECT n.tenant_id, w, lag(w) OVER (PARTITION BY n.id ORDER BY w COLLATE "C"), n.id
    FROM new_rows n, kunto_search_words(n.company_name, n.business_code, n.code) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kunto_person_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM person_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.person_id = o.id
      AND (o.tenant_id, o.lastname, o.firstname, o.email, o.phone) IS DISTINCT FROM (n.tenant_id, n.lastname, n.firstname, n.email, n.phone);
    INSERT INTO person_search_terms (tenant_id, term, prev_term, person_id)
    SELECT n.tenant_id, w, lag(w) OVER (PARTITION BY n.id ORDER BY w COLLATE "C"), n.id
    FROM new_rows n JOIN old_rows o ON o.id = n.id,
      kunto_search_words(n.lastname, n.firstname, n.email, n.phone) w
    WHERE (o.tenant_id, o.lastname, o.firstname, o.email, o.phone) IS DISTINCT FROM (n.tenant_id, n.lastname, n.firstname, n.email, n.phone);
  ELSE
    INSERT INTO person_search_terms (tenant_id, term, prev_term, person_id)
    SELECT n.tenant_id, w, lag(w) OVER (PARTITION BY n.id ORDER BY w COLLATE "C"), n.id
    FROM new_rows n, kunto_search_words(n.lastname, n.firstname, n.email, n.phone) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kunto_work_task_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM work_task_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.work_task_id = o.id
      AND (o.tenant_id, o.title, o.message, o.status, o.assigned_user_id, o.assigner_user_id)
        IS DISTINCT FROM (n.tenant_id, n.title, n.message, n.status, n.assigned_user_id, n.assigner_user_id);
    INSERT INTO work_task_search_terms (tenant_id, term, prev_term, status, assigned_user_id, assigner_user_id, work_task_id)
    SELECT n.tenant_id, w, lag(w) OVER (PARTITION BY n.id ORDER BY w COLLATE "C"), n.status,
      n.assigned_user_id, n.assigner_user_id, n.id
    FROM new_rows n JOIN old_rows o ON o.id = n.id, kunto_search_words(n.title, n.message) w
    WHERE (o.tenant_id, o.title, o.message, o.status, o.assigned_user_id, o.assigner_user_id)
      IS DISTINCT FROM (n.tenant_id, n.title, n.message, n.status, n.assigned_user_id, n.assigner_user_id);
  ELSE
    INSERT INTO work_task_search_terms (tenant_id, term, prev_term, status, assigned_user_id, assigner_user_id, work_task_id)
    SELECT n.tenant_id, w, lag(w) OVER (PARTITION BY n.id ORDER BY w COLLATE "C"), n.status,
      n.assigned_user_id, n.assigner_user_id, n.id
    FROM new_rows n, kunto_search_words(n.title, n.message) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Back-fill for the terms already there, as the system role (the tables are under FORCE).
SET LOCAL ROLE kunto_system;--> statement-breakpoint
UPDATE party_search_terms t SET prev_term = s.prev
FROM (SELECT tenant_id, term, party_id, lag(term) OVER (PARTITION BY party_id ORDER BY term) AS prev FROM party_search_terms) s
WHERE (s.tenant_id, s.term, s.party_id) = (t.tenant_id, t.term, t.party_id) AND s.prev IS NOT NULL;--> statement-breakpoint
UPDATE person_search_terms t SET prev_term = s.prev
FROM (SELECT tenant_id, term, person_id, lag(term) OVER (PARTITION BY person_id ORDER BY term) AS prev FROM person_search_terms) s
WHERE (s.tenant_id, s.term, s.person_id) = (t.tenant_id, t.term, t.person_id) AND s.prev IS NOT NULL;--> statement-breakpoint
UPDATE work_task_search_terms t SET prev_term = s.prev, status = w.status,
  assigned_user_id = w.assigned_user_id, assigner_user_id = w.assigner_user_id
FROM (SELECT tenant_id, term, work_task_id, lag(term) OVER (PARTITION BY work_task_id ORDER BY term) AS prev FROM work_task_search_terms) s,
  work_tasks w
WHERE (s.tenant_id, s.term, s.work_task_id) = (t.tenant_id, t.term, t.work_task_id) AND w.id = t.work_task_id;--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "party_search_terms" DROP CONSTRAINT "party_search_terms_tenant_id_term_party_id_pk";--> statement-breakpoint
ALTER TABLE "party_search_terms" ADD CONSTRAINT "party_search_terms_tenant_id_term_party_id_pk" PRIMARY KEY ("tenant_id", "term", "party_id") INCLUDE ("prev_term");--> statement-breakpoint
ALTER TABLE "person_search_terms" DROP CONSTRAINT "person_search_terms_tenant_id_term_person_id_pk";--> statement-breakpoint
ALTER TABLE "person_search_terms" ADD CONSTRAINT "person_search_terms_tenant_id_term_person_id_pk" PRIMARY KEY ("tenant_id", "term", "person_id") INCLUDE ("prev_term");--> statement-breakpoint
ALTER TABLE "work_task_search_terms" DROP CONSTRAINT "work_task_search_terms_tenant_id_term_work_task_id_pk";--> statement-breakpoint
ALTER TABLE "work_task_search_terms" ADD CONSTRAINT "work_task_search_terms_tenant_id_term_work_task_id_pk" PRIMARY KEY ("tenant_id", "term", "work_task_id") INCLUDE ("prev_term", "status", "assigned_user_id", "assigner_user_id");
