-- Issue 6.6 and 6.10: the rules of demo sandboxes and of the mail outbox that the schema cannot say.

-- Mails queued before this migration get the state their columns imply. Those no longer waiting
-- lose their text where it could hold a secret (a confirmation link, a reset code, a temporary
-- password): from now on only a pending mail holds one (packages/mail/src/outbox.ts).
UPDATE mail_outbox SET state = CASE
    WHEN sent_at IS NOT NULL THEN 'sent'
    WHEN attempts > 10 THEN 'failed'
    WHEN next_attempt_at > now() + interval '50 years' THEN 'logged'
    ELSE 'pending'
  END;--> statement-breakpoint
UPDATE mail_outbox SET text = '[removed: this mail held a secret and is no longer waiting for delivery]'
  WHERE state <> 'pending' AND kind IN ('confirmEmail', 'resetCode', 'accountCreated');--> statement-breakpoint

-- The seeded demo user is no longer a shared sign-in: every visitor gets a private sandbox
-- (docs/decisions.md). Without a password nobody signs in as it; its open sessions end.
DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE is_demo AND sandbox_id IS NULL);--> statement-breakpoint
UPDATE users SET password_hash = NULL WHERE is_demo AND sandbox_id IS NULL;--> statement-breakpoint

-- A mail queued by a sandbox user, or inside a sandbox organisation, belongs to the sandbox: it is
-- held (never sent) and keeps only its redacted text. Decided here, in the database, so no code
-- path that queues a mail can forget it. Runs with the caller's rights: users has no row policy,
-- and tenants shows the transaction's own organisation.
CREATE OR REPLACE FUNCTION kunto_hold_sandbox_mail() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public
AS $$
BEGIN
  IF NEW.sandbox_id IS NULL THEN
    SELECT u.sandbox_id INTO NEW.sandbox_id
    FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), '')::uuid;
  END IF;
  IF NEW.sandbox_id IS NULL THEN
    SELECT t.sandbox_id INTO NEW.sandbox_id
    FROM tenants t WHERE t.id = nullif(current_setting('app.tenant_id', true), '')::uuid;
  END IF;
  IF NEW.sandbox_id IS NOT NULL THEN
    NEW.state := 'held_demo';
    NEW.text := coalesce(NEW.redacted_text, NEW.text);
    NEW.redacted_text := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER mail_outbox_hold_sandbox BEFORE INSERT ON mail_outbox
  FOR EACH ROW EXECUTE FUNCTION kunto_hold_sandbox_mail();
