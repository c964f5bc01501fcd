import { index, pgTable, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * A "Try the demo" visitor's private copy of the demo organisations (issue 6.6). Its tenants, users
 * and held mails reference it with ON DELETE CASCADE, so removing this row removes the whole
 * sandbox. Not tenant-owned: the sandbox spans its tenants (the request role reads and writes it
 * only through the demo service and the clean-up job).
 */
export const demoSandboxes = pgTable(
  "demo_sandboxes",
  {
    id: id(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("demo_sandboxes_expires_idx").on(t.expiresAt)],
);
