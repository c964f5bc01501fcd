import { afterAll, describe, expect, it } from "vitest";
import { connect } from "../support/harness";

/**
 * The Citus-ready schema (issue 24, docs/scaling.md "The path past one database"), read from the
 * migrated database's catalogue, not from the drizzle schema: what PostgreSQL really holds.
 *
 * Every table of the public schema is in one class. A table with a NOT NULL `tenant_id` is
 * distributed by it (co-located with `tenants`, distributed by `id`): its primary key, its unique
 * indexes and its foreign keys to other distributed tables all include `tenant_id`. Reference tables
 * (copied to every worker) are listed, and so are the tables left on the coordinator; a new table
 * has to be put in a class here, on purpose.
 */

/** Copied to every worker: the platform's content, and the people (a tenant row names its user). */
const REFERENCE = [
  "categories",
  "demo_sandboxes",
  "messages",
  "question_choices",
  "static_tasks",
  "survey_questions",
  "survey_templates",
  "translations",
  "users",
];

/**
 * Not per organisation, looked up by their own key on the coordinator. `audit_log` holds rows of
 * no organisation too (sign-in, platform actions), and a distribution column cannot be null.
 */
const COORDINATOR = [
  "audit_log",
  "email_confirmation_tokens",
  "mail_outbox",
  "message_reads",
  "password_reset_codes",
  "rate_limits",
  "sessions",
  "stripe_events",
  "totp_credentials",
  "user_images",
];

/** A distributed table may not point at a coordinator table: these keys are dropped on the way. */
const DROPPED_WHEN_DISTRIBUTED = ["survey_share_invitations (mail_id) → mail_outbox"];

interface Table {
  name: string;
  tenantId: "none" | "null" | "not null";
}
interface Key {
  table: string;
  kind: "primary key" | "unique index";
  name: string;
  columns: string[];
}
interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  target: string;
  targetColumns: string[];
}

const db = connect();
afterAll(() => db.close());

const tables = await db.ownerSql<Table[]>`
  select c.relname as name,
    coalesce((select case when a.attnotnull then 'not null' else 'null' end from pg_attribute a
      where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped), 'none') as "tenantId"
  from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
  order by c.relname`;

const keys = await db.ownerSql<Key[]>`
  select t.relname as table, case when i.indisprimary then 'primary key' else 'unique index' end as kind,
    x.relname as name,
    array(select a.attname::text from unnest(i.indkey[0:i.indnkeyatts - 1]) with ordinality k(n, o)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.o) as columns
  from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
  where t.relnamespace = 'public'::regnamespace and i.indisunique
  order by 1, 3`;

const foreignKeys = await db.ownerSql<ForeignKey[]>`
  select k.conrelid::regclass::text as table, k.conname as name, k.confrelid::regclass::text as target,
    array(select a.attname::text from unnest(k.conkey) with ordinality c(n, o)
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = c.n order by c.o) as columns,
    array(select a.attname::text from unnest(k.confkey) with ordinality c(n, o)
      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = c.n order by c.o) as "targetColumns"
  from pg_constraint k
  where k.contype = 'f' and k.connamespace = 'public'::regnamespace
  order by 1, 2`;

const distributed = new Set(tables.filter((t) => t.tenantId === "not null").map((t) => t.name));
const reference = new Set(REFERENCE);
const coordinator = new Set(COORDINATOR);
const classOf = (table: string) =>
  distributed.has(table) || table === "tenants"
    ? "distributed"
    : reference.has(table)
      ? "reference"
      : "coordinator";
const describeKey = (fk: ForeignKey) => `${fk.table} (${fk.columns.join(", ")}) → ${fk.target}`;

describe("the Citus-ready schema (issue 24)", () => {
  it("puts every table in one class: distributed by tenant_id, tenants, reference, coordinator", () => {
    expect(distributed.size).toBeGreaterThan(30);
    for (const table of tables) {
      const classes = [
        distributed.has(table.name),
        table.name === "tenants",
        reference.has(table.name),
        coordinator.has(table.name),
      ].filter(Boolean).length;
      expect(classes, `${table.name} is in ${classes} classes`).toBe(1);
    }
    // The lists name only tables that exist.
    const names = new Set(tables.map((t) => t.name));
    for (const listed of [...REFERENCE, ...COORDINATOR]) expect(names.has(listed), listed).toBe(true);
    // Neither list holds a table of one organisation's rows; only audit_log has a nullable tenant_id.
    const nullable = tables.filter((t) => t.tenantId === "null").map((t) => t.name);
    expect(nullable).toEqual(["audit_log"]);
    for (const name of REFERENCE) expect(tables.find((t) => t.name === name)?.tenantId).toBe("none");
  });

  it("puts tenant_id in every distributed table's primary key and unique indexes", () => {
    // The catalogue reads what it should (a wrong read would pass everything below).
    expect(keys.find((k) => k.name === "surveys_key")?.columns).toEqual(["key", "tenant_id"]);
    expect(keys.find((k) => k.table === "surveys" && k.kind === "primary key")?.columns).toEqual([
      "id",
      "tenant_id",
    ]);
    expect(foreignKeys.map(describeKey)).toContain("survey_responses (share_id, tenant_id) → survey_shares");
    const missing: string[] = [];
    for (const name of distributed) {
      // A primary key is not required (work_task_counts has a unique key only); one there must do.
      for (const key of keys.filter((k) => k.table === name))
        if (!key.columns.includes("tenant_id"))
          missing.push(`${name}: ${key.kind} ${key.name} (${key.columns})`);
    }
    expect(missing).toEqual([]);
  });

  it("leads survey_responses' keys with tenant_id: an organisation's new answers share their index leaves", () => {
    // Led by a random id, each insert at a million answers wrote a leaf untouched since the
    // checkpoint, a full page into the WAL (migration 0041, docs/scaling.md).
    const responseKeys = keys.filter((k) => k.table === "survey_responses").map((k) => [k.name, k.columns]);
    expect(responseKeys).toEqual([
      ["survey_responses_share_browser", ["share_id", "browser_token_hash", "tenant_id"]],
      ["survey_responses_submission", ["tenant_id", "submission_id"]],
      ["survey_responses_tenant_id_id_pk", ["tenant_id", "id"]],
    ]);
  });

  it("pairs tenant_id with tenant_id in every foreign key between distributed tables", () => {
    const wrong: string[] = [];
    for (const fk of foreignKeys.filter((k) => distributed.has(k.table) && distributed.has(k.target))) {
      const at = fk.columns.indexOf("tenant_id");
      if (at < 0 || fk.targetColumns[at] !== "tenant_id") wrong.push(describeKey(fk));
    }
    expect(wrong).toEqual([]);
    // And a distributed table's key to tenants is its tenant_id (co-located with tenants by id).
    for (const fk of foreignKeys.filter((k) => distributed.has(k.table) && k.target === "tenants"))
      expect([fk.columns, fk.targetColumns], describeKey(fk)).toEqual([["tenant_id"], ["id"]]);
  });

  it("lets foreign keys point only where Citus allows", () => {
    const disallowed: string[] = [];
    for (const fk of foreignKeys) {
      const from = classOf(fk.table);
      const to = classOf(fk.target);
      const allowed =
        to === "reference" ||
        (from === "distributed" && to === "distributed") ||
        (from === "coordinator" && to === "coordinator");
      if (!allowed) disallowed.push(describeKey(fk));
    }
    expect(disallowed).toEqual(DROPPED_WHEN_DISTRIBUTED);
  });
});
