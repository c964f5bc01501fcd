import { randomUUID } from "node:crypto";
import {
  addressSubject,
  createSession,
  enforce,
  generatePublicKey,
  generateToken,
  RATE_RULES,
} from "@kunto/auth";
import { AppError, DEFAULT_LANGUAGE, type Language } from "@kunto/core";
import { type Db, DEMO_EMAIL, schema, type Tx } from "@kunto/db";
import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { audit } from "../audit";
import type { Context, UserRow } from "../context";
import { fail } from "../errors";
import { limitsOf } from "../rate-limits";
import { demoSurveyName, demoText } from "./demo-texts";

/**
 * "Try the demo" (issue 6.6): every visitor gets a private sandbox, a copy of what the seeded demo
 * user sees (its organisations with everything they hold, and their people as sandbox users), and
 * is signed in as the copy of the demo user. The seeded demo is only ever read. A sandbox lives 24
 * hours; the clean-up job deletes its `demo_sandboxes` row and the cascade takes the rest.
 */
export const SANDBOX_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Old id → new id of what a sandbox has copied so far. */
export interface SandboxIds {
  sandboxId: string;
  users: Map<string, string>;
  tenants: Map<string, string>;
  /** Rows copied with a new id (teams, surveys, shares, responses): old id → new id. */
  rows: Map<string, string>;
  /** The visitor's language: the demo's names and texts are copied in it (issue 19.6). */
  language: Language;
}

type Row = Record<string, unknown>;

/** Copies one table's rows of a source organisation into its sandbox copy. */
interface CopiedTable {
  copy: (tx: Tx, from: string, to: string, ids: SandboxIds) => Promise<number>;
}
/** Made by `createSandbox` itself (tenants, users), or not copied at all, with the reason. */
interface HandledTable {
  handled: string;
}
interface ExcludedTable {
  exclude: string;
}

/** Row-level security shows the rows of one organisation at a time: the copier moves between them. */
const enterTenant = (tx: Tx, tenantId: string) =>
  tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);

/**
 * The usual copy of a tenant-owned table: every row of the source organisation, read under its
 * row-level security, written under the copy's, with `tenant_id` replaced and each column naming a
 * user pointed at that user's sandbox copy. `transform` adapts what else a later table needs (its
 * own ids, references to other copied rows through `ids`); returning null leaves the row out.
 */
export function tenantRows<T extends PgTable & { tenantId: PgColumn }>(
  table: T,
  options: { userColumns?: string[]; transform?: (row: Row, ids: SandboxIds) => Row | null } = {},
): CopiedTable {
  return {
    copy: async (tx, from, to, ids) => {
      await enterTenant(tx, from);
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.tenantId, from))) as Row[];
      await enterTenant(tx, to);
      const copies = rows.flatMap((row) => {
        let copy: Row | null = { ...row, tenantId: to };
        for (const column of options.userColumns ?? []) {
          const user = ids.users.get(String(row[column]));
          if (!user) return [];
          copy[column] = user;
        }
        copy = options.transform ? options.transform(copy, ids) : copy;
        return copy ? [copy] : [];
      });
      if (copies.length > 0) await tx.insert(table as PgTable).values(copies as never);
      return copies.length;
    },
  };
}

/**
 * A copied row of a table with its own id: a new id (remembered for the rows that refer to it),
 * new public keys where those are unique across the database, and every reference to an earlier
 * copied row pointed at its copy. A row whose reference was not copied is left out.
 */
const renewed =
  (options: {
    keys?: Array<[column: string, make: () => string]>;
    refs?: string[];
    nullableUsers?: string[];
  }) =>
  (row: Row, ids: SandboxIds): Row | null => {
    const copy: Row = { ...row };
    if (typeof row.id === "string") {
      copy.id = randomUUID();
      ids.rows.set(row.id, copy.id as string);
    }
    for (const [column, make] of options.keys ?? []) copy[column] = make();
    for (const column of options.refs ?? []) {
      const target = ids.rows.get(String(row[column]));
      if (!target) return null;
      copy[column] = target;
    }
    for (const column of options.nullableUsers ?? [])
      copy[column] = row[column] ? (ids.users.get(String(row[column])) ?? null) : null;
    return copy;
  };

/** A copy whose text `columns` are written in the visitor's language (demo-texts.ts). */
const translated =
  (transform: (row: Row, ids: SandboxIds) => Row | null, columns: string[]) =>
  (row: Row, ids: SandboxIds): Row | null => {
    const copy = transform(row, ids);
    if (!copy) return null;
    for (const column of columns)
      if (typeof copy[column] === "string") copy[column] = demoText(copy[column], ids.language);
    return copy;
  };

/**
 * Every table that belongs to an organisation (`tenant_id`) or a person (`user_id`), and what a
 * sandbox does with it. Copies run in this order. A table added later must be named here: the
 * sandbox test compares this list with the database's tables and fails on any table missing.
 */
export const SANDBOX_TABLES: Record<string, CopiedTable | HandledTable | ExcludedTable> = {
  tenants: { handled: "createSandbox: one copy per organisation of the demo user, made first" },
  users: { handled: "createSandbox: the members of those organisations, as sandbox users without passwords" },
  memberships: tenantRows(schema.memberships, { userColumns: ["userId"] }),
  tenant_values: tenantRows(schema.tenantValues),
  tenant_logos: tenantRows(schema.tenantLogos),
  email_subscriptions: tenantRows(schema.emailSubscriptions, { userColumns: ["userId"] }),
  teams: tenantRows(schema.teams, {
    transform: translated(renewed({ keys: [["key", generatePublicKey]] }), ["name", "description"]),
  }),
  team_answerers: tenantRows(schema.teamAnswerers, { transform: renewed({ refs: ["teamId"] }) }),
  surveys: tenantRows(schema.surveys, {
    transform: (row, ids) => {
      const copy = renewed({ keys: [["key", generatePublicKey]], nullableUsers: ["createdByUserId"] })(
        row,
        ids,
      );
      if (copy && typeof copy.name === "string" && copy.startsAt instanceof Date)
        copy.name = demoSurveyName(copy.name, copy.startsAt, ids.language);
      return copy;
    },
  }),
  survey_shares: tenantRows(schema.surveyShares, {
    transform: translated(renewed({ keys: [["key", generateToken]], refs: ["surveyId"] }), ["name"]),
  }),
  survey_share_teams: tenantRows(schema.surveyShareTeams, {
    transform: renewed({ refs: ["shareId", "teamId"] }),
  }),
  survey_share_invitations: {
    exclude:
      "the demo's sent invitations went to its own people; a sandbox's new ones are held like all its mail",
  },
  survey_responses: tenantRows(schema.surveyResponses, {
    transform: renewed({
      keys: [["submissionId", randomUUID]],
      refs: ["surveyId", "shareId", "teamId"],
    }),
  }),
  survey_aggregates: tenantRows(schema.surveyAggregates, {
    transform: renewed({ refs: ["surveyId", "shareId", "teamId"] }),
  }),
  notifications: tenantRows(schema.notifications, {
    userColumns: ["userId"],
    transform: renewed({}),
  }),
  survey_mail_rounds: {
    exclude: "the record of mails sent about the demo's surveys; a sandbox sends no survey mail",
  },
  tasks: tenantRows(schema.tasks, {
    transform: (row, ids) => {
      const copy = translated(renewed({ nullableUsers: ["assigneeUserId", "createdByUserId"] }), [
        "name",
        "description",
      ])(row, ids);
      if (!copy) return null;
      // Optional links to copied rows follow them; the suggestion and category are platform rows.
      for (const column of ["sourceSurveyId", "teamId"])
        copy[column] = row[column] ? (ids.rows.get(String(row[column])) ?? null) : null;
      return copy;
    },
  }),
  task_votes: tenantRows(schema.taskVotes, { transform: renewed({ refs: ["taskId"] }) }),
  invitations: {
    exclude:
      "addressed to people outside the demo; a sandbox starts with none, and its own reach no real person",
  },
  audit_log: { exclude: "the seeded demo's history; a sandbox writes its own" },
  api_keys: { exclude: "a key's private half is shown once to its maker; a sandbox starts with none" },
  webhook_endpoints: { exclude: "a secret is shown once to its maker; a sandbox starts with no endpoints" },
  webhook_events: { exclude: "told to endpoints a sandbox does not have" },
  webhook_deliveries: { exclude: "the log of endpoints a sandbox does not have" },
  tenant_billing: {
    exclude: "a sandbox has no Stripe customer: it keeps the copied plan and can buy nothing (issue 21)",
  },
  sessions: { exclude: "the visitor gets a new session; no other sandbox user ever signs in" },
  parties: tenantRows(schema.parties, { transform: renewed({}) }),
  persons: tenantRows(schema.persons, {
    transform: (row, ids) => {
      const copy = renewed({})(row, ids);
      if (!copy) return null;
      copy.employerId = row.employerId ? (ids.rows.get(String(row.employerId)) ?? null) : null;
      copy.ssnSealed = null;
      copy.taxNumberSealed = null;
      return copy;
    },
  }),
  work_tasks: tenantRows(schema.workTasks, {
    transform: renewed({ nullableUsers: ["assignedUserId", "assignerUserId"] }),
  }),
  work_task_counts: { exclude: "kept by the work_tasks triggers: the copied tasks count themselves" },
  work_task_hellos: tenantRows(schema.workTaskHellos, {
    transform: renewed({ nullableUsers: ["authorUserId"] }),
  }),
  items: tenantRows(schema.items, { transform: renewed({}) }),
  financial_statements: tenantRows(schema.financialStatements, { transform: renewed({}) }),
  financial_fetches: {
    exclude: "the demo's fetch state; a sandbox starts with the copied statements and no fetch",
  },
  party_search_terms: { exclude: "kept by the parties triggers: the copied parties write their own terms" },
  person_search_terms: { exclude: "kept by the persons triggers: the copied persons write their own terms" },
  work_task_search_terms: {
    exclude: "kept by the work_tasks triggers: the copied tasks write their own terms",
  },
  party_counts: { exclude: "kept by the parties triggers: the copied parties count themselves" },
  person_counts: { exclude: "kept by the persons triggers: the copied persons count themselves" },
  message_reads: { exclude: "when a person last opened the message center: the visitor starts unread" },
  email_confirmation_tokens: {
    exclude: "sandbox addresses are confirmed copies; no confirmation is pending",
  },
  password_reset_codes: { exclude: "sandbox users have no password to reset" },
  totp_credentials: { exclude: "sandbox users sign in only through the demo link, without a second factor" },
  user_images: { exclude: "copies keep the picture's key: pictures are served read-only by key" },
};

const isCopied = (entry: CopiedTable | HandledTable | ExcludedTable): entry is CopiedTable => "copy" in entry;

/** One number for the lock that makes counting and reserving live sandboxes one step. */
const SANDBOX_CAP_LOCK = 17_004;

/**
 * Reserves a sandbox: its `demo_sandboxes` row, committed at once, when fewer than `cap` sandboxes
 * are alive (issue 17.4); else 503 `demo_capacity_reached` with the seconds until the next one
 * ends. The count and the insert hold a transaction lock, so concurrent visitors never pass the cap
 * between them; the lock is held only for these statements, never for the copy.
 */
async function reserveSandbox(db: Db, now: Date, cap: number) {
  const expiresAt = new Date(now.getTime() + SANDBOX_LIFETIME_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SANDBOX_CAP_LOCK})`);
    const [live] = await tx.execute<{ n: number; next_end: number | null }>(sql`
      select count(*)::int as n,
        ceil(extract(epoch from min(expires_at) - now()))::int as next_end
      from demo_sandboxes where expires_at > now()`);
    if ((live?.n ?? 0) >= cap)
      throw new AppError("demo_capacity_reached", { retryAfter: Math.max(1, live?.next_end ?? 60) });
    const [sandbox] = await tx
      .insert(schema.demoSandboxes)
      .values({ createdAt: now, expiresAt })
      .returning({ id: schema.demoSandboxes.id });
    if (!sandbox) return fail("demo_unavailable");
    return { id: sandbox.id, expiresAt };
  });
}

/**
 * Makes a sandbox: reserves it (at most `cap` alive), finds the seeded demo user, copies its
 * organisations and their people, and answers the visitor (the demo user's copy). The copy runs as
 * the request role under row-level security, one organisation at a time; the seeded rows are only
 * read. A copy that fails gives its reservation back.
 */
export async function createSandbox(
  db: Db,
  now = new Date(),
  cap = Number.POSITIVE_INFINITY,
  language: Language = DEFAULT_LANGUAGE,
) {
  const sandbox = await reserveSandbox(db, now, cap);
  try {
    return await copyIntoSandbox(db, sandbox, language);
  } catch (error) {
    await db.delete(schema.demoSandboxes).where(eq(schema.demoSandboxes.id, sandbox.id));
    throw error;
  }
}

async function copyIntoSandbox(db: Db, sandbox: { id: string; expiresAt: Date }, language: Language) {
  const { expiresAt } = sandbox;
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.email, DEMO_EMAIL), isNull(schema.users.sandboxId)));
    if (!source) return fail("demo_unavailable");
    // The demo user's own memberships and organisations, as the account chooser reads them.
    await tx.execute(
      sql`select set_config('app.user_id', ${source.id}, true), set_config('app.tenant_id', '', true)`,
    );
    const sourceTenants = (
      await tx
        .select({ tenant: schema.tenants })
        .from(schema.memberships)
        .innerJoin(schema.tenants, eq(schema.tenants.id, schema.memberships.tenantId))
        // Only the seeded demo organisations (is_demo): not one a visitor of the shared demo user
        // created before sandboxes existed.
        .where(
          and(
            eq(schema.memberships.userId, source.id),
            eq(schema.tenants.isDemo, true),
            isNull(schema.tenants.sandboxId),
          ),
        )
        .orderBy(schema.tenants.name)
    ).map((r) => r.tenant);
    if (sourceTenants.length === 0) return fail("demo_unavailable");

    const ids: SandboxIds = {
      sandboxId: sandbox.id,
      users: new Map(),
      tenants: new Map(),
      rows: new Map(),
      language,
    };

    // The people: everyone who belongs to one of the organisations, once.
    const memberIds = new Set<string>([source.id]);
    for (const tenant of sourceTenants) {
      await enterTenant(tx, tenant.id);
      const members = await tx
        .select({ userId: schema.memberships.userId })
        .from(schema.memberships)
        .where(eq(schema.memberships.tenantId, tenant.id));
      for (const m of members) memberIds.add(m.userId);
    }
    const people = await tx
      .select()
      .from(schema.users)
      .where(inArray(schema.users.id, [...memberIds]));
    for (const person of people) {
      const { id, createdAt, updatedAt, lastSignInAt, passwordHash, shadowState, ...rest } = person;
      void [createdAt, updatedAt, lastSignInAt, passwordHash, shadowState];
      const [copy] = await tx
        .insert(schema.users)
        .values({
          ...rest,
          // The visitor reads the demo in the language of the page that started it.
          ...(id === source.id ? { language } : {}),
          sandboxId: sandbox.id,
          passwordHash: null,
          mustChangePassword: false,
        })
        .returning({ id: schema.users.id });
      if (copy) ids.users.set(id, copy.id);
    }

    // The organisations, then what they hold, table by table.
    for (const tenant of sourceTenants) {
      const copyId = randomUUID();
      await enterTenant(tx, copyId);
      const { createdAt, updatedAt, ...rest } = tenant;
      void [createdAt, updatedAt];
      await tx.insert(schema.tenants).values({ ...rest, id: copyId, sandboxId: sandbox.id, votingKey: null });
      ids.tenants.set(tenant.id, copyId);
    }
    for (const entry of Object.values(SANDBOX_TABLES)) {
      if (!isCopied(entry)) continue;
      for (const [from, to] of ids.tenants) await entry.copy(tx, from, to, ids);
    }

    const visitorId = ids.users.get(source.id);
    if (!visitorId) return fail("demo_unavailable");
    return { sandboxId: sandbox.id, visitorId, expiresAt, tenantIds: [...ids.tenants.values()] };
  });
}

/**
 * The public "Try the demo": at most a few new sandboxes per client address and hour, an IPv6
 * client counted per /64 like every address limit (RATE_RULES.demoSandboxAddress, issue 17.4), and
 * at most DEMO_SANDBOX_CAP sandboxes alive on the server; then the visitor is signed in like a
 * sign-in does. The address is counted first, so a flood stops at the cheapest check.
 */
export async function startDemo(ctx: Context, language: Language = DEFAULT_LANGUAGE) {
  await enforce(ctx.db, [[RATE_RULES.demoSandboxAddress, addressSubject(ctx.ip)]]);
  const sandbox = await createSandbox(ctx.db, new Date(), limitsOf(ctx.config).demoSandboxCap, language);
  const { token } = await createSession(ctx.db, sandbox.visitorId, "active");
  // The cookie ends with the sandbox: after that the user behind it is gone anyway.
  ctx.cookies.setSession(token, sandbox.expiresAt);
  await audit(ctx.db, {
    actorUserId: sandbox.visitorId,
    action: "demo.sandbox_created",
    targetType: "demo_sandbox",
    targetId: sandbox.sandboxId,
  });
  return { expiresAt: sandbox.expiresAt.toISOString() };
}

/**
 * Removes every sandbox that expired at `now` (or earlier): its organisations, people, sessions and
 * held mails go with it through ON DELETE CASCADE. The scheduled job calls it with the current
 * time; a test with a later one.
 */
export async function removeExpiredSandboxes(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(schema.demoSandboxes)
    .where(lte(schema.demoSandboxes.expiresAt, now))
    .returning({ id: schema.demoSandboxes.id });
  return removed.length;
}

/** The sandbox of a signed-in visitor: when it goes, and the mails it kept instead of sending. */
export async function sandboxOf(tx: Tx, user: UserRow) {
  if (!user.sandboxId) return null;
  const [sandbox] = await tx
    .select()
    .from(schema.demoSandboxes)
    .where(eq(schema.demoSandboxes.id, user.sandboxId));
  if (!sandbox) return null;
  const mails = await tx
    .select({
      id: schema.mailOutbox.id,
      to: schema.mailOutbox.to,
      subject: schema.mailOutbox.subject,
      createdAt: schema.mailOutbox.createdAt,
    })
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.sandboxId, sandbox.id), eq(schema.mailOutbox.state, "held_demo")))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(50);
  return {
    expiresAt: sandbox.expiresAt.toISOString(),
    heldMails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}
