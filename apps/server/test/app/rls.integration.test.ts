import { randomUUID } from "node:crypto";
import { createSession, hashToken } from "@kunto/auth";
import { LANGUAGES } from "@kunto/core";
import { APP_ROLE, SYSTEM_ROLE, schema, type Tx, withScope } from "@kunto/db";
import { is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser } from "../support/harness";

/**
 * The catalogue of row-level security (issue 6.23). The tenant-owned tables are read from
 * PostgreSQL's catalogue, not listed here: every table (partitioned ones and their partitions
 * included) with a `tenant_id` column or a foreign key to `tenants`, plus `tenants` itself
 * (fenced by `id`). Each must FORCE row-level security, have policies that name the tenant setting
 * or the platform-admin function for every command, and a row factory below, so that rows of two
 * tenants are written first and then read, changed and deleted as the request role.
 */

const db = connect();
afterAll(() => db.close());

interface TenantOwnedTable {
  table: string;
  /** The column that says whose row it is. */
  column: string;
  kind: "r" | "p";
  partitionOf: string | null;
  rowSecurity: boolean;
  forceRowSecurity: boolean;
  owner: string;
  policies: number;
}

const catalogue = await db.ownerSql<TenantOwnedTable[]>`
  select c.relname as table,
    coalesce(
      case when c.relname = 'tenants' then 'id' end,
      (select a.attname from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped),
      (select a.attname from pg_constraint k
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid = 'public.tenants'::regclass
        order by a.attnum limit 1)
    ) as column,
    c.relkind as kind,
    case when c.relispartition then pg_partition_root(c.oid)::regclass::text end as "partitionOf",
    c.relrowsecurity as "rowSecurity",
    c.relforcerowsecurity as "forceRowSecurity",
    pg_get_userbyid(c.relowner) as owner,
    (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
    and (c.relname = 'tenants'
      or exists (select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
      or exists (select 1 from pg_constraint k
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid = 'public.tenants'::regclass))
  order by c.relname`;

/**
 * Tenant-owned tables that are deliberately not fenced, with the reason. Empty: every table that
 * holds a tenant's data is fenced. Add a table here only with a reason a reviewer accepts.
 */
const NOT_FENCED: Record<string, string> = {};

/**
 * Policies on tenant-owned tables whose expressions may name neither the tenant setting nor the
 * platform-admin function, with the reason.
 */
const POLICIES_WITHOUT_TENANT: Record<string, string> = {
  "memberships.memberships_own_rows":
    "SELECT only: a user reads their own memberships before choosing a tenant (account chooser)",
  "survey_shares.survey_shares_by_key":
    "SELECT only, issue 7: the respondent page names a share by its unguessable key (app.share_key) to learn its tenant, then works under the tenant policy",
  "tenants.tenants_by_voting_key":
    "SELECT only, issue 17.10: the public voting page names the account by its unguessable voting key (app.voting_key) to learn its id, then works under the tenant policy",
  "api_keys.api_keys_by_public_key":
    "issue 20: applies only to the owner role, as which kunto_use_api_key names a key by its public key (app.api_key) to learn its tenant; never to the request role",
  "invitations.invitations_invitee":
    "SELECT only, issue 6.7: the invitee reads invitations to their own confirmed address, named by their session token (kunto_session_email), before they belong to the tenant",
};

/** The parents a webhook delivery needs (issue 20.4), made in the same tenant. */
const webhookRows = {
  async endpoint(tx: Tx, tenantId: string): Promise<string> {
    const [row] = await tx
      .insert(schema.webhookEndpoints)
      .values({
        tenantId,
        url: "https://hooks.example.com/rls",
        events: ["task.created"],
        secret: Buffer.from("whsec_rls"),
      })
      .returning({ id: schema.webhookEndpoints.id });
    return row?.id as string;
  },
  async event(tx: Tx, tenantId: string): Promise<string> {
    const [row] = await tx
      .insert(schema.webhookEvents)
      .values({ tenantId, type: "task.created", data: {} })
      .returning({ id: schema.webhookEvents.id });
    return row?.id as string;
  },
};

interface Owner {
  tenantId: string;
  userId: string;
}

/** The parents a survey table's row needs, made in the same tenant (and refused with it). */
const surveyRows = {
  async template(tx: Tx): Promise<string> {
    // Its text in all five languages, as every template's (the content test checks every tid).
    await tx
      .insert(schema.translations)
      .values(LANGUAGES.map((language) => ({ tid: "rls.start", language, text: "RLS" })))
      .onConflictDoNothing();
    const [row] = await tx
      .insert(schema.surveyTemplates)
      .values({ key: `rls-${randomUUID()}`, type: "PERSONNEL", startTid: "rls.start" })
      .returning({ id: schema.surveyTemplates.id });
    if (!row) throw new Error("template");
    return row.id;
  },
  async team(tx: Tx, tenantId: string): Promise<string> {
    const name = `rls-${randomUUID()}`;
    const [row] = await tx
      .insert(schema.teams)
      .values({ tenantId, key: name, name, type: "PERSONNEL", urlSafeName: name })
      .returning({ id: schema.teams.id });
    if (!row) throw new Error("team");
    return row.id;
  },
  async survey(tx: Tx, tenantId: string): Promise<string> {
    const [row] = await tx
      .insert(schema.surveys)
      .values({
        tenantId,
        key: `rls-${randomUUID()}`,
        type: "PERSONNEL",
        templateId: await surveyRows.template(tx),
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: schema.surveys.id });
    if (!row) throw new Error("survey");
    return row.id;
  },
  async share(tx: Tx, tenantId: string): Promise<{ shareId: string; surveyId: string }> {
    const surveyId = await surveyRows.survey(tx, tenantId);
    const [row] = await tx
      .insert(schema.surveyShares)
      .values({ tenantId, surveyId, key: `rls-${randomUUID()}`, name: "RLS share" })
      .returning({ id: schema.surveyShares.id });
    if (!row) throw new Error("share");
    return { shareId: row.id, surveyId };
  },
  async answered(tx: Tx, tenantId: string) {
    const { shareId, surveyId } = await surveyRows.share(tx, tenantId);
    return { shareId, surveyId, teamId: await surveyRows.team(tx, tenantId) };
  },
};

/**
 * One valid row of each tenant-owned table for a given tenant (and a member of it). Written as
 * the system role for the reads below, and as the request role of another tenant to prove the
 * write is refused. A new tenant-owned table fails this test until it has a factory here.
 */
const ROW_FACTORIES: Record<string, (tx: Tx, owner: Owner) => Promise<unknown>> = {
  parties: (tx, { tenantId }) => tx.insert(schema.parties).values({ tenantId, companyName: "RLS Oy" }),
  persons: (tx, { tenantId }) => tx.insert(schema.persons).values({ tenantId, lastname: "RLS" }),
  // The search terms and counts are written by the parents' triggers; one more term row is added.
  party_search_terms: async (tx, { tenantId }) => {
    const [party] = await tx
      .insert(schema.parties)
      .values({ tenantId, companyName: "RLS Terms Oy" })
      .returning();
    return tx
      .insert(schema.partySearchTerms)
      .values({ tenantId, term: "rls-term", partyId: party?.id ?? "" });
  },
  person_search_terms: async (tx, { tenantId }) => {
    const [person] = await tx.insert(schema.persons).values({ tenantId, lastname: "RLS Terms" }).returning();
    return tx
      .insert(schema.personSearchTerms)
      .values({ tenantId, term: "rls-term", personId: person?.id ?? "" });
  },
  party_counts: (tx, { tenantId }) =>
    tx.insert(schema.partyCounts).values({ tenantId, type: `rls-${randomUUID()}`, n: 1 }),
  person_counts: (tx, { tenantId }) => tx.insert(schema.persons).values({ tenantId, lastname: "RLS count" }),
  work_task_search_terms: async (tx, { tenantId }) => {
    const [task] = await tx
      .insert(schema.workTasks)
      .values({ tenantId, title: "RLS terms", message: "m" })
      .returning();
    return tx
      .insert(schema.workTaskSearchTerms)
      .values({ tenantId, term: "rls-term", status: "RECEIVED", workTaskId: task?.id ?? "" });
  },
  financial_statements: (tx, { tenantId }) =>
    tx
      .insert(schema.financialStatements)
      .values({ tenantId, financialStatementToDate: "2025-12-31", currency: "EUR", salesRevenue: 1 }),
  financial_fetches: (tx, { tenantId }) => tx.insert(schema.financialFetches).values({ tenantId }),
  work_tasks: (tx, { tenantId }) =>
    tx.insert(schema.workTasks).values({ tenantId, title: "RLS task", message: "m" }),
  work_task_hellos: (tx, { tenantId, userId }) =>
    tx.insert(schema.workTaskHellos).values({ tenantId, msg: "RLS note", authorUserId: userId }),
  work_task_counts: (tx, { tenantId }) =>
    tx
      .insert(schema.workTaskCounts)
      .values({ tenantId, status: "RECEIVED", assignerUserId: randomUUID(), n: 1 }),
  items: (tx, { tenantId }) =>
    tx.insert(schema.items).values({ tenantId, name: "RLS item", type: "testityyppi" }),
  tenants: (tx, { tenantId }) =>
    tx.insert(schema.tenants).values({ id: tenantId, name: `RLS ${tenantId.slice(0, 8)}`, country: "FI" }),
  memberships: (tx, { tenantId, userId }) =>
    tx.insert(schema.memberships).values({ tenantId, userId, roles: ["tenant_basic"] }),
  tenant_values: (tx, { tenantId }) =>
    tx.insert(schema.tenantValues).values({ tenantId, key: `k-${randomUUID()}`, value: "v" }),
  api_keys: (tx, { tenantId, userId }) =>
    tx.insert(schema.apiKeys).values({
      tenantId,
      name: "RLS key",
      publicKey: randomUUID(),
      secretHash: randomUUID(),
      expireAt: new Date(Date.now() + 86_400_000),
      createdBy: userId,
    }),
  tenant_logos: (tx, { tenantId }) =>
    tx.insert(schema.tenantLogos).values({
      tenantId,
      key: randomUUID(),
      contentType: "image/png",
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    }),
  webhook_endpoints: (tx, { tenantId }) => webhookRows.endpoint(tx, tenantId),
  webhook_events: (tx, { tenantId }) => webhookRows.event(tx, tenantId),
  webhook_deliveries: async (tx, { tenantId }) =>
    tx.insert(schema.webhookDeliveries).values({
      tenantId,
      endpointId: await webhookRows.endpoint(tx, tenantId),
      eventId: await webhookRows.event(tx, tenantId),
    }),
  tenant_billing: (tx, { tenantId }) =>
    tx.insert(schema.tenantBilling).values({ tenantId, stripeCustomerId: `cus_rls_${randomUUID()}` }),
  email_subscriptions: (tx, { tenantId, userId }) =>
    tx.insert(schema.emailSubscriptions).values({ tenantId, userId, type: "survey_end" }),
  invitations: (tx, { tenantId, userId }) =>
    tx.insert(schema.invitations).values({
      tenantId,
      email: `rls-${randomUUID()}@example.test`,
      roles: ["tenant_basic"],
      invitedBy: userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
  notifications: (tx, { tenantId, userId }) =>
    tx.insert(schema.notifications).values({ tenantId, userId, type: "DUNS_NUMBER_MISSING" }),
  survey_mail_rounds: async (tx, { tenantId }) =>
    tx.insert(schema.surveyMailRounds).values({
      tenantId,
      surveyId: await surveyRows.survey(tx, tenantId),
      kind: "survey_end",
      period: randomUUID(),
      recipients: [],
    }),
  audit_log: (tx, { tenantId, userId }) =>
    tx.insert(schema.auditLog).values({ tenantId, actorUserId: userId, action: "rls.catalogue" }),
  teams: (tx, { tenantId }) => surveyRows.team(tx, tenantId),
  team_answerers: async (tx, { tenantId }) =>
    tx.insert(schema.teamAnswerers).values({
      tenantId,
      teamId: await surveyRows.team(tx, tenantId),
      email: `rls-${randomUUID()}@example.test`,
    }),
  surveys: (tx, { tenantId }) => surveyRows.survey(tx, tenantId),
  survey_shares: (tx, { tenantId }) => surveyRows.share(tx, tenantId),
  survey_share_teams: async (tx, { tenantId }) => {
    const { shareId } = await surveyRows.share(tx, tenantId);
    return tx
      .insert(schema.surveyShareTeams)
      .values({ tenantId, shareId, teamId: await surveyRows.team(tx, tenantId) });
  },
  survey_share_invitations: async (tx, { tenantId }) =>
    tx.insert(schema.surveyShareInvitations).values({
      tenantId,
      shareId: (await surveyRows.share(tx, tenantId)).shareId,
      email: `rls-${randomUUID()}@example.test`,
      language: "en",
    }),
  survey_responses: async (tx, { tenantId }) =>
    tx.insert(schema.surveyResponses).values({
      tenantId,
      ...(await surveyRows.answered(tx, tenantId)),
      submissionId: randomUUID(),
      browserTokenHash: randomUUID(),
      language: "en",
      answers: {},
      submittedOn: "2026-11-24",
    }),
  survey_aggregates: async (tx, { tenantId }) =>
    tx.insert(schema.surveyAggregates).values({
      tenantId,
      ...(await surveyRows.answered(tx, tenantId)),
      stripe: 0,
      aggregates: { respondents: 0, categories: {}, questions: {} },
    }),
  tasks: (tx, { tenantId }) => taskRow(tx, tenantId),
  task_votes: async (tx, { tenantId }) =>
    tx
      .insert(schema.taskVotes)
      .values({ tenantId, taskId: await taskRow(tx, tenantId), sessionHash: randomUUID() }),
};

async function taskRow(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .insert(schema.tasks)
    .values({ tenantId, type: "personnel_help", name: "RLS task", priority: "MEDIUM", year: 2026 })
    .returning({ id: schema.tasks.id });
  if (!row) throw new Error("task");
  return row.id;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const fenced = catalogue.filter((t) => !(t.table in NOT_FENCED));
const col = (t: TenantOwnedTable) => sql.identifier(t.column);
const tbl = (t: TenantOwnedTable) => sql.identifier(t.table);

/** Rows of the table by owner, as the transaction's settings let it see them. */
async function countRows(tx: Tx, t: TenantOwnedTable, a: string, b: string) {
  const [row] = await tx.execute<{ a: number; b: number; total: number }>(sql`
    select count(*) filter (where ${col(t)}::text = ${a})::int as a,
           count(*) filter (where ${col(t)}::text = ${b})::int as b,
           count(*)::int as total
    from ${tbl(t)}`);
  if (!row) throw new Error("count");
  return row;
}

/** A transaction of the request role with the given first statement. */
const asApp = <T>(setup: SQL, fn: (tx: Tx) => Promise<T>) =>
  db.db.transaction(async (tx) => {
    await tx.execute(setup);
    return fn(tx);
  });

async function asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return asOwner(db.owner, (tx) => fn(tx as unknown as Tx));
}

/** Resolves to the message of the refusal; fails when the write went through. */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message ?? String(error);
  }
  return "accepted";
}
const RLS_REFUSAL = /new row violates row-level security policy/;

describe("the catalogue of tenant-owned tables", () => {
  it("is derived from PostgreSQL and holds every schema table with a tenant_id, and tenants", () => {
    const names = new Set(catalogue.map((t) => t.table));
    const withTenantId = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableConfig(t))
      // Column keys are camelCase in the schema and snake_case in the database (casing).
      .filter((c) => c.columns.some((column) => snakeCase(column.name) === "tenant_id"))
      .map((c) => c.name);
    expect(withTenantId.length).toBeGreaterThan(0);
    for (const name of [...withTenantId, "tenants"]) expect(names, name).toContain(name);
    for (const t of catalogue) expect(t.column, `${t.table}: no tenant column found`).toBeTruthy();
  });

  it("has no allow-list entry or factory for a table that is not tenant-owned", () => {
    const names = new Set(catalogue.map((t) => t.table));
    expect(Object.keys(NOT_FENCED).filter((n) => !names.has(n))).toEqual([]);
    expect(Object.keys(ROW_FACTORIES).filter((n) => !names.has(n))).toEqual([]);
  });

  it("fences every tenant-owned table (ENABLE and FORCE row-level security, policies) unless allow-listed", () => {
    const unfenced = catalogue
      .filter((t) => !(t.table in NOT_FENCED))
      .filter((t) => !t.rowSecurity || !t.forceRowSecurity || t.policies === 0)
      .map((t) => `${t.table} (rls ${t.rowSecurity}, force ${t.forceRowSecurity}, ${t.policies} policies)`);
    expect(
      unfenced,
      "each tenant-owned table needs tenantPolicy() in packages/db/src/schema and ALTER TABLE ... FORCE ROW LEVEL SECURITY in a custom migration",
    ).toEqual([]);
    expect(catalogue.filter((t) => t.owner === APP_ROLE).map((t) => t.table)).toEqual([]);
  });

  it("has a row factory for every fenced table", () => {
    const missing = fenced.filter((t) => !t.partitionOf && !ROW_FACTORIES[t.table]).map((t) => t.table);
    expect(
      missing,
      "add a factory to ROW_FACTORIES in apps/server/test/app/rls.integration.test.ts that inserts one valid row of the table for the given tenant (and member); or, with a reason, list the table in NOT_FENCED",
    ).toEqual([]);
  });

  it("names the tenant setting or the platform-admin function in every policy, for every command", async () => {
    const policies = await db.ownerSql<
      { table: string; name: string; cmd: string; qual: string | null; check: string | null }[]
    >`
      select c.relname as table, p.polname as name, p.polcmd as cmd,
        pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as check
      from pg_policy p join pg_class c on c.oid = p.polrelid
      where c.relname = any(${fenced.map((t) => t.table)})`;
    const commands: Record<string, string> = {
      r: "SELECT",
      a: "INSERT",
      w: "UPDATE",
      d: "DELETE",
      "*": "ALL",
    };
    const wrong: string[] = [];
    for (const p of policies) {
      const key = `${p.table}.${p.name}`;
      // What PostgreSQL applies: USING for reads, updates and deletes; WITH CHECK (or USING when
      // there is none) for the rows an insert or update writes.
      const expressions = [
        ...(p.cmd === "a" ? [] : [["USING", p.qual]]),
        ...(p.cmd === "r" || p.cmd === "d" ? [] : [["WITH CHECK", p.check ?? p.qual]]),
      ] as const;
      for (const [clause, text] of expressions) {
        const where = `${key} (${commands[p.cmd]}) ${clause}: ${text ?? "none"}`;
        if (text?.includes("app.platform_admin"))
          wrong.push(`${where}: a setting the request role can write`);
        const named =
          text?.includes("current_setting('app.tenant_id'") || text?.includes("kunto_is_platform_admin()");
        if (!named && !(key in POLICIES_WITHOUT_TENANT)) wrong.push(where);
      }
    }
    expect(policies.length).toBeGreaterThanOrEqual(fenced.length);
    expect(wrong).toEqual([]);
  });

  it("reads each setting once per statement in every policy (a scalar subquery, not a per-row call)", async () => {
    const policies = await db.ownerSql<{ name: string; text: string }[]>`
      select c.relname || '.' || p.polname as name,
        coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as text
      from pg_policy p join pg_class c on c.oid = p.polrelid`;
    const perRow: string[] = [];
    let reads = 0;
    for (const p of policies)
      for (const at of p.text.matchAll(/current_setting\(/g)) {
        reads++;
        // PostgreSQL prints `( SELECT (NULLIF(current_setting(…` for `(select nullif(current_setting(…`.
        if (!/\( SELECT \(?(NULLIF|kunto_\w+)\($/.test(p.text.slice(0, at.index))) perRow.push(p.name);
      }
    expect(reads).toBeGreaterThan(fenced.length);
    expect(perRow).toEqual([]);
  });
});

describe("issue 17.8: the policy that opens a share by its key", () => {
  it("issue 17.8: the survey_shares_by_key policy in the policy-text check: SELECT only, the share whose key is app.share_key, and no other policy reads that setting", async () => {
    const policies = await db.ownerSql<
      {
        table: string;
        name: string;
        cmd: string;
        permissive: boolean;
        qual: string | null;
        check: string | null;
      }[]
    >`
      select c.relname as table, p.polname as name, p.polcmd as cmd, p.polpermissive as permissive,
        pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as check
      from pg_policy p join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`;
    const byKey = policies.filter((p) => p.table === "survey_shares" && p.name === "survey_shares_by_key");
    expect(byKey).toEqual([
      {
        table: "survey_shares",
        name: "survey_shares_by_key",
        cmd: "r",
        permissive: true,
        qual: "(key = ( SELECT NULLIF(current_setting('app.share_key'::text, true), ''::text) AS \"nullif\"))",
        check: null,
      },
    ]);
    // The setting opens nothing else: no other policy names it.
    const naming = policies
      .filter((p) => `${p.qual ?? ""} ${p.check ?? ""}`.includes("app.share_key"))
      .map((p) => `${p.table}.${p.name}`);
    expect(naming).toEqual(["survey_shares.survey_shares_by_key"]);
    // Every policy allowed to name no tenant is for reading only.
    for (const key of Object.keys(POLICIES_WITHOUT_TENANT)) {
      const policy = policies.find((p) => `${p.table}.${p.name}` === key);
      expect(policy?.cmd, key).toBe("r");
    }
  });

  it("issue 17.8: a share's key set as app.share_key reads that share only, and changes nothing", async () => {
    const [share] = await asSystem((tx) =>
      tx.execute<{ id: string; key: string; tenant_id: string }>(
        sql`select id, key, tenant_id from survey_shares where tenant_id = ${b} order by key limit 1`,
      ),
    );
    if (!share) throw new Error("no share of tenant B");
    const byKey = sql`select set_config('app.share_key', ${share.key}, true)`;
    const seen = await asApp(byKey, (tx) => tx.execute<{ id: string }>(sql`select id from survey_shares`));
    expect(seen.map((r) => r.id)).toEqual([share.id]);
    const changed = await asApp(byKey, (tx) =>
      tx.execute(sql`update survey_shares set name = 'Forged' where id = ${share.id} returning 1`),
    );
    expect(changed.length).toBe(0);
    const deleted = await asApp(byKey, (tx) =>
      tx.execute(sql`delete from survey_shares where id = ${share.id} returning 1`),
    );
    expect(deleted.length).toBe(0);
    const [still] = await asSystem((tx) =>
      tx.execute<{ name: string }>(sql`select name from survey_shares where id = ${share.id}`),
    );
    expect(still?.name).toBe("RLS share");
  });
});

// Two tenants, a member of each and a platform admin; one row per tenant in every fenced table.
let a: string;
let b: string;
let userA: string;
let adminToken: string;
let adminHash: string;

beforeAll(async () => {
  a = randomUUID();
  b = randomUUID();
  const memberA = await makeUser(db.owner);
  const memberB = await makeUser(db.owner);
  userA = memberA.id;
  const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
  adminToken = (await createSession(db.db, admin.id, "active")).token;
  adminHash = hashToken(adminToken);
  const order = [...fenced].sort((x, y) => Number(y.table === "tenants") - Number(x.table === "tenants"));
  await asSystem(async (tx) => {
    for (const t of order) {
      const factory = ROW_FACTORIES[t.table];
      if (!factory || t.partitionOf) continue;
      await factory(tx, { tenantId: a, userId: memberA.id });
      await factory(tx, { tenantId: b, userId: memberB.id });
    }
  });
});

const scope = (userId: string | null, tenantId: string | null) =>
  sql`select set_config('app.user_id', ${userId ?? ""}, true), set_config('app.tenant_id', ${tenantId ?? ""}, true)`;

describe.each(fenced.map((t) => [t.table, t] as const))("%s", (_name, t) => {
  it("shows tenant A only A's rows, tenant B only B's, and nothing without a tenant", async () => {
    const truth = await asSystem((tx) => countRows(tx, t, a, b));
    // At least the factory's row each; a survey table's factories also make parents in other tables.
    if (!t.partitionOf) {
      expect(truth.a, `${t.table}: no rows written; is it in ROW_FACTORIES?`).toBeGreaterThan(0);
      expect(truth.b, `${t.table}: no rows written; is it in ROW_FACTORIES?`).toBeGreaterThan(0);
    }
    expect(await asApp(scope(userA, a), (tx) => countRows(tx, t, a, b))).toEqual({
      a: truth.a,
      b: 0,
      total: truth.a,
    });
    expect(await asApp(scope(null, b), (tx) => countRows(tx, t, a, b))).toEqual({
      a: 0,
      b: truth.b,
      total: truth.b,
    });
    expect(await asApp(scope(null, null), (tx) => countRows(tx, t, a, b))).toEqual({ a: 0, b: 0, total: 0 });
  });

  it("opens no other tenant to a request that sets app.platform_admin or a session hash itself", async () => {
    const truth = await asSystem((tx) => countRows(tx, t, a, b));
    const forged = [
      sql`select set_config('app.platform_admin', 'on', true)`,
      sql`select set_config('app.admin_token', ${adminHash}, true), set_config('app.user_id', '', true)`,
      sql`select set_config('app.admin_token', 'on', true)`,
    ];
    for (const setting of forged) {
      expect(await asApp(setting, (tx) => countRows(tx, t, a, b))).toEqual({ a: 0, b: 0, total: 0 });
      const inA = await asApp(scope(userA, a), async (tx) => {
        await tx.execute(setting);
        return countRows(tx, t, a, b);
      });
      expect(inA).toEqual({ a: truth.a, b: 0, total: truth.a });
    }
    // The real admin path (the session token, checked in the database) does see both.
    const admin = await asApp(sql`select kunto_enter_admin(${adminToken})`, (tx) => countRows(tx, t, a, b));
    expect(admin).toMatchObject({ a: truth.a, b: truth.b });
  });

  it("issue 17.8: a forged app.share_key opens no other tenant's row (of survey_shares, only the one share it names)", async () => {
    const truth = await asSystem((tx) => countRows(tx, t, a, b));
    // Values that are no share's key, and patterns a careless policy (LIKE, IS NOT NULL) would match.
    for (const value of ["%", "_%", "*", " ", "true", `rls-${randomUUID()}`]) {
      const forged = sql`select set_config('app.share_key', ${value}, true)`;
      expect(await asApp(forged, (tx) => countRows(tx, t, a, b)), value).toEqual({ a: 0, b: 0, total: 0 });
      const inA = await asApp(scope(userA, a), async (tx) => {
        await tx.execute(forged);
        return countRows(tx, t, a, b);
      });
      expect(inA, value).toEqual({ a: truth.a, b: 0, total: truth.a });
    }
    // B's real share key: that one share row and nothing else of B, in this table or any other.
    const [share] = await asSystem((tx) =>
      tx.execute<{ key: string }>(
        sql`select key from survey_shares where tenant_id = ${b} order by key limit 1`,
      ),
    );
    const byKey = sql`select set_config('app.share_key', ${share?.key ?? ""}, true)`;
    const opened = t.table === "survey_shares" ? 1 : 0;
    expect(await asApp(byKey, (tx) => countRows(tx, t, a, b))).toEqual({ a: 0, b: opened, total: opened });
  });

  it("changes and deletes no row of another tenant, and moves no row into it", async () => {
    const before = await asSystem((tx) => countRows(tx, t, a, b));
    const updated = await asApp(scope(userA, a), (tx) =>
      tx.execute(sql`update ${tbl(t)} set ${col(t)} = ${col(t)} where ${col(t)}::text = ${b} returning 1`),
    );
    expect(updated.length).toBe(0);
    const deleted = await asApp(scope(userA, a), (tx) =>
      tx.execute(sql`delete from ${tbl(t)} where ${col(t)}::text = ${b} returning 1`),
    );
    expect(deleted.length).toBe(0);
    // Moving A's rows into B: refused by WITH CHECK, or (a table without an UPDATE policy) no row
    // found to change.
    let moved = 0;
    let message = "";
    try {
      const rows = await asApp(scope(userA, a), (tx) =>
        tx.execute(sql`update ${tbl(t)} set ${col(t)} = ${b}::uuid where ${col(t)}::text = ${a} returning 1`),
      );
      moved = rows.length;
    } catch (error) {
      message = await refusal(Promise.reject(error));
    }
    expect(moved).toBe(0);
    if (message) expect(message).toMatch(RLS_REFUSAL);
    expect(await asSystem((tx) => countRows(tx, t, a, b))).toMatchObject({ a: before.a, b: before.b });
  });

  it("refuses to write a row of another tenant", async () => {
    const factory = ROW_FACTORIES[t.partitionOf ?? t.table];
    expect(factory, `no factory for ${t.table}`).toBeDefined();
    if (!factory) return;
    const other = await makeUser(db.owner);
    const writes: Array<[string, SQL]> = [
      ["from tenant A", scope(userA, a)],
      ["without a tenant", scope(userA, null)],
      ["with app.platform_admin set", sql`select set_config('app.platform_admin', 'on', true)`],
    ];
    for (const [label, setup] of writes) {
      const message = await refusal(asApp(setup, (tx) => factory(tx, { tenantId: b, userId: other.id })));
      expect(message, `${t.table} ${label}`).toMatch(RLS_REFUSAL);
    }
  });
});

describe("the database's second wall (issue 6.9)", () => {
  /** A session, and the settings after kunto_enter_tenant in the request role's transaction. */
  async function enter(userId: string, tenantId: string, presetTenant = "") {
    const { token } = await createSession(db.db, userId, "active");
    return asApp(sql`select set_config('app.tenant_id', ${presetTenant}, true)`, async (tx) => {
      const rows = await tx.execute<{ roles: string[]; active: boolean }>(
        sql`select roles, active from kunto_enter_tenant(${hashToken(token)}, ${tenantId}::uuid)`,
      );
      const [settings] = await tx.execute<{ tenant: string; user: string }>(
        sql`select current_setting('app.tenant_id', true) as tenant, current_setting('app.user_id', true) as "user"`,
      );
      const visible = await tx.execute(sql`select 1 from tenant_values where tenant_id = ${tenantId}::uuid`);
      return { rows: [...rows], settings, visible: visible.length };
    });
  }

  it("kunto_enter_tenant sets the tenant only for a member of an active account", async () => {
    const tenant = await makeTenant(db.owner);
    const inactive = await makeTenant(db.owner, { active: false });
    const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    await asOwner(db.owner, (tx) =>
      tx
        .insert(schema.memberships)
        .values({ tenantId: inactive.id, userId: member.id, roles: ["tenant_admin"] }),
    );
    const outsider = await makeUser(db.owner);
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.tenantValues).values([
        { tenantId: tenant.id, key: "k", value: "v" },
        { tenantId: inactive.id, key: "k", value: "v" },
      ]),
    );

    const asMember = await enter(member.id, tenant.id);
    expect(asMember.rows).toEqual([{ roles: ["tenant_admin"], active: true }]);
    expect(asMember.settings).toEqual({ tenant: tenant.id, user: member.id });
    expect(asMember.visible).toBe(1);

    // A non-member gets no answer and no tenant, even one set by hand before the call.
    const asOutsider = await enter(outsider.id, tenant.id, tenant.id);
    expect(asOutsider.rows).toEqual([]);
    expect(asOutsider.settings).toEqual({ tenant: "", user: outsider.id });
    expect(asOutsider.visible).toBe(0);

    const inInactive = await enter(member.id, inactive.id);
    expect(inInactive.rows).toEqual([{ roles: ["tenant_admin"], active: false }]);
    expect(inInactive.settings?.tenant).toBe("");
    expect(inInactive.visible).toBe(0);
  });

  it("deletes or changes no account but the transaction's own, even for a member of both", async () => {
    const own = await makeTenant(db.owner);
    const other = await makeTenant(db.owner);
    const member = await makeUser(db.owner, { tenantId: own.id, tenantRoles: ["tenant_admin"] });
    await asOwner(db.owner, (tx) =>
      tx
        .insert(schema.memberships)
        .values({ tenantId: other.id, userId: member.id, roles: ["tenant_admin"] }),
    );
    const inOwn = scope(member.id, own.id);
    // The account chooser may still list it ...
    const listed = await asApp(inOwn, (tx) => tx.execute(sql`select id from tenants where id = ${other.id}`));
    expect(listed.length).toBe(1);
    // ... but it cannot be changed or deleted from another tenant's transaction.
    const deleted = await asApp(inOwn, (tx) =>
      tx.execute(sql`delete from tenants where id = ${other.id} returning id`),
    );
    expect(deleted.length).toBe(0);
    const renamed = await asApp(inOwn, (tx) =>
      tx.execute(sql`update tenants set name = 'hijacked' where id = ${other.id} returning id`),
    );
    expect(renamed.length).toBe(0);
    const [still] = await db.ownerSql<{ name: string }[]>`select name from tenants where id = ${other.id}`;
    expect(still?.name).toBe(other.name);
    // Its own account it may delete (the policy is not simply closed).
    const deletedOwn = await asApp(inOwn, (tx) =>
      tx.execute(sql`delete from tenants where id = ${own.id} returning id`),
    );
    expect(deletedOwn.length).toBe(1);
  });

  it("appends audit rows without a tenant or for the transaction's tenant, never for another", async () => {
    const own = await makeTenant(db.owner);
    const other = await makeTenant(db.owner);
    const member = await makeUser(db.owner, { tenantId: own.id });
    const append = (tenantId: string | null) =>
      asApp(scope(member.id, own.id), (tx) =>
        tx.insert(schema.auditLog).values({ tenantId, actorUserId: member.id, action: "rls.append" }),
      );
    await append(null);
    await append(own.id);
    expect(await refusal(append(other.id))).toMatch(RLS_REFUSAL);
    const [row] = await db.ownerSql<{ n: number }[]>`
      select count(*)::int as n from audit_log where tenant_id = ${other.id}`;
    expect(row?.n).toBe(0);
  });

  it("opens the admin path only for the token of an enabled admin's active session", async () => {
    const isAdmin = (setup: SQL) =>
      asApp(setup, async (tx) => {
        const [row] = await tx.execute<{ yes: boolean }>(sql`select kunto_is_platform_admin() as yes`);
        return row?.yes;
      });
    const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const basic = await makeUser(db.owner);
    const adminSession = await createSession(db.db, admin.id, "active");
    const basicSession = await createSession(db.db, basic.id, "active");
    const enterAdmin = (token: string) => sql`select kunto_enter_admin(${token})`;

    expect(await isAdmin(enterAdmin(adminSession.token))).toBe(true);
    expect(await isAdmin(enterAdmin(basicSession.token))).toBe(false);
    expect(await isAdmin(enterAdmin(hashToken(adminSession.token)))).toBe(false);
    expect(await isAdmin(sql`select set_config('app.platform_admin', 'on', true)`)).toBe(false);
    // The token alone is not enough either: the recorded user must be that admin.
    expect(
      await isAdmin(
        sql`select set_config('app.admin_token', ${adminSession.token}, true), set_config('app.user_id', ${basic.id}, true)`,
      ),
    ).toBe(false);

    // Disabled, or no longer an admin: closed at once, also inside a transaction already entered.
    const [entered] = await asApp(enterAdmin(adminSession.token), async (tx) => {
      await asOwner(db.owner, (owner) =>
        owner
          .update(schema.users)
          .set({ systemRoles: ["basic"] })
          .where(sql`id = ${admin.id}`),
      );
      return tx.execute<{ yes: boolean }>(sql`select kunto_is_platform_admin() as yes`);
    });
    expect(entered?.yes).toBe(false);
    expect(await isAdmin(enterAdmin(adminSession.token))).toBe(false);
  });

  it("lets adminProcedure across tenants through kunto_enter_admin, and no one else", async () => {
    const first = await makeTenant(db.owner);
    const second = await makeTenant(db.owner);
    const admin = await actorFor(db.db, "admin", (await makeUser(db.owner, { systemRoles: ["admin"] })).id);
    const seen = await (await callerFor(db.db, admin, null)).caller.admin.tenants();
    expect(seen.map((t) => t.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const member = await actorFor(db.db, "member", (await makeUser(db.owner, { tenantId: first.id })).id);
    await expect((await callerFor(db.db, member, null)).caller.admin.tenants()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("keeps the request role out of the system role", async () => {
    expect(await refusal(asApp(sql.raw(`set local role ${SYSTEM_ROLE}`), async () => null))).toMatch(
      /permission denied to set role/,
    );
    const [role] = await db.ownerSql<{ rolsuper: boolean; rolbypassrls: boolean; member: boolean }[]>`
      select rolsuper, rolbypassrls, pg_has_role(rolname, ${SYSTEM_ROLE}, 'MEMBER') as member
      from pg_roles where rolname = ${APP_ROLE}`;
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, member: false });
  });
});

describe("row-level security on a pooled connection", () => {
  it("does not leak the tenant setting to the next transaction", async () => {
    const tenant = await makeTenant(db.owner);
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    for (let i = 0; i < 8; i++) {
      await withScope(db.db, { userId: user.id, tenantId: tenant.id }, (tx) =>
        tx.select().from(schema.memberships),
      );
    }
    const leaked = await db.db.transaction((tx) => tx.select().from(schema.memberships));
    expect(leaked).toEqual([]);
  });
});
