-- Issue 17.10: least privilege for the request role. A pending mail's text and html can hold a
-- password reset code or a confirmation link; only the outbox worker (the system role) reads them.
-- The request role adds mails and reads their addresses, subjects and states (the share's
-- invitation states, the sandbox's held mails), never their texts, and changes none.
REVOKE SELECT, UPDATE, DELETE ON "mail_outbox" FROM kunto_app;--> statement-breakpoint
GRANT SELECT ("id", "to", "subject", "redacted_text", "kind", "state", "sandbox_id", "created_at", "sent_at", "attempts", "next_attempt_at", "last_error") ON "mail_outbox" TO kunto_app;
