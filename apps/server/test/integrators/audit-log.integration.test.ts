import { type Context, createCaller, errorKeyOf } from "@kunto/api";
import { schema, withScope } from "@kunto/db";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_CSV_HEADER } from "../../src/audit-export";
import { csvRows } from "../support/csv";
import {
  type Actor,
  actorFor,
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
} from "../support/harness";

/**
 * Issue 20.5: the audit log screen's procedures and CSV downloads. Rows are written with fixed times
 * (March 2020, Helsinki is UTC+2 then) so the day filters are tested at their exact boundaries.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

type Row = typeof schema.auditLog.$inferInsert;
const addRows = (rows: Row[]) =>
  asOwner(db.owner, (tx) => tx.insert(schema.auditLog).values(rows).returning({ id: schema.auditLog.id }));
const idsOf = (page: { rows: Array<{ id: number }> }) => page.rows.map((row) => row.id);

/** What a refused call answers: the error key. */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return errorKeyOf(error);
    throw error;
  }
  return "allowed";
}

const API_KEY_NAME = "=cmd|' /C calc'!A0";

async function fixtures() {
  const a = await makeTenant(db.owner);
  const b = await makeTenant(db.owner);
  const adminA = await makeUser(db.owner, { tenantId: a.id, tenantRoles: ["tenant_admin"] });
  const readonlyA = await makeUser(db.owner, { tenantId: a.id, tenantRoles: ["tenant_readonly"] });
  const basicA = await makeUser(db.owner, { tenantId: a.id, tenantRoles: ["tenant_basic"] });
  const adminB = await makeUser(db.owner, { tenantId: b.id, tenantRoles: ["tenant_admin"] });
  const platform = await makeUser(db.owner, { systemRoles: ["admin"] });
  const [a1, a2, a3, a4, b1, b2, n1] = await addRows([
    // 23:59:59 of 10 March in Helsinki.
    {
      tenantId: a.id,
      actorUserId: adminA.id,
      action: "tenant.role_added",
      at: new Date("2020-03-10T21:59:59Z"),
      targetType: "user",
      targetId: readonlyA.id,
      details: { role: "tenant_readonly" },
    },
    // 00:00:00 of 11 March in Helsinki.
    {
      tenantId: a.id,
      actorUserId: adminA.id,
      action: "tenant.invitation_sent",
      at: new Date("2020-03-10T22:00:00Z"),
      details: { roles: ["tenant_basic"] },
    },
    {
      tenantId: a.id,
      actorUserId: readonlyA.id,
      action: "tenant.voting_link_rotated",
      at: new Date("2020-03-12T10:00:00Z"),
    },
    // A call made with an API key, at the same moment as the row before (ordered by id then).
    {
      tenantId: a.id,
      actorUserId: null,
      action: "tenant.invitation_sent",
      at: new Date("2020-03-12T10:00:00Z"),
      details: { apiKeyName: API_KEY_NAME, roles: ["tenant_admin"] },
    },
    {
      tenantId: b.id,
      actorUserId: adminB.id,
      action: "tenant.role_added",
      at: new Date("2020-03-10T12:00:00Z"),
    },
    {
      tenantId: b.id,
      actorUserId: adminB.id,
      action: "tenant.plan_changed",
      at: new Date("2020-03-11T12:00:00Z"),
    },
    { tenantId: null, actorUserId: adminA.id, action: "auth.sign_in", at: new Date("2020-03-10T12:00:00Z") },
  ]).then((rows) => rows.map((row) => row.id));
  const actors = {
    adminA: await actorFor(db.db, "adminA", adminA.id),
    readonlyA: await actorFor(db.db, "readonlyA", readonlyA.id),
    basicA: await actorFor(db.db, "basicA", basicA.id),
    adminB: await actorFor(db.db, "adminB", adminB.id),
    platform: await actorFor(db.db, "platform", platform.id),
  };
  const callers = {
    adminA: (await callerFor(db.db, actors.adminA, a.id)).caller,
    readonlyA: (await callerFor(db.db, actors.readonlyA, a.id)).caller,
    basicA: (await callerFor(db.db, actors.basicA, a.id)).caller,
    platform: (await callerFor(db.db, actors.platform, null)).caller,
  };
  return {
    a,
    b,
    users: { adminA, readonlyA, adminB },
    rows: { a1, a2, a3, a4, b1, b2, n1 },
    actors,
    callers,
  };
}
let f: Awaited<ReturnType<typeof fixtures>>;

beforeAll(async () => {
  server = await startServer(db.db);
  f = await fixtures();
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const get = (actor: Actor, path: string, tenantId?: string) =>
  server.fetch(path, {
    headers: { cookie: actor.cookie ?? "", ...(tenantId ? { "x-tenant-id": tenantId } : {}) },
  });

describe("issue 20.5: the organisation's audit log", () => {
  it("shows a tenant admin their organisation's rows, newest first, with actor, target and detail", async () => {
    const { rows, users } = f;
    const page = await f.callers.adminA.audit.list({});
    expect(page.total).toBe(4);
    expect(idsOf(page)).toEqual([rows.a4, rows.a3, rows.a2, rows.a1]);
    expect(page.until).toBe(rows.a4);
    expect(page.rows[3]).toEqual({
      id: rows.a1,
      at: "2020-03-10T21:59:59.000Z",
      actor: { userId: users.adminA.id, name: "Test Person", apiKeyName: null, hidden: false },
      action: "tenant.role_added",
      targetType: "user",
      targetId: users.readonlyA.id,
      details: [{ field: "role", value: "tenant_readonly" }],
      tenantId: f.a.id,
      tenantName: f.a.name,
    });
    // An API-key call names the key as its actor; its name is not repeated in the detail.
    expect(page.rows[0]?.actor).toEqual({
      userId: null,
      name: null,
      apiKeyName: API_KEY_NAME,
      hidden: false,
    });
    expect(page.rows[0]?.details).toEqual([{ field: "roles", value: ["tenant_admin"] }]);
  });

  it("never shows another organisation's rows or rows of no organisation, whatever the filter", async () => {
    const admin = f.callers.adminA.audit;
    expect((await admin.list({ userId: f.users.adminB.id })).total).toBe(0);
    expect(idsOf(await admin.list({ action: "tenant.role_added" }))).toEqual([f.rows.a1]);
    expect((await admin.list({ action: "tenant.plan_changed" })).total).toBe(0);
    expect((await admin.list({ action: "auth.sign_in" })).total).toBe(0);
    // REST drops a tenantId the tenant call does not take: still organisation A only.
    const rest = await get(f.actors.adminA, `/api/tenant/audit?tenantId=${f.b.id}`, f.a.id);
    expect(rest.status).toBe(200);
    const body = (await rest.json()) as { total: number; rows: Array<{ id: number }> };
    expect(body.total).toBe(4);
    expect(body.rows.map((row) => row.id)).toEqual([f.rows.a4, f.rows.a3, f.rows.a2, f.rows.a1]);
    const options = await admin.filters();
    expect(options.people.map((p) => p.id).sort()).toEqual([f.users.adminA.id, f.users.readonlyA.id].sort());
    expect(options.actions).toEqual([
      "tenant.invitation_sent",
      "tenant.role_added",
      "tenant.voting_link_rotated",
    ]);
  });

  it("row-level security holds even when the query names another organisation", async () => {
    const count = (where: ReturnType<typeof sql>) =>
      withScope(db.db, { userId: f.users.adminA.id, tenantId: f.a.id }, async (tx) => {
        const [row] = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from audit_log where ${where}`,
        );
        return row?.n;
      });
    expect(await count(sql`tenant_id = ${f.b.id}`)).toBe(0);
    expect(await count(sql`tenant_id is null`)).toBe(0);
    expect(await count(sql`true`)).toBe(4);
  });

  it("refuses members without the admin role, and tenant admins the platform's log", async () => {
    expect(await refusal(f.callers.readonlyA.audit.list({}))).toBe("access_denied");
    expect(await refusal(f.callers.basicA.audit.list({}))).toBe("access_denied");
    expect(await refusal(f.callers.readonlyA.audit.filters())).toBe("access_denied");
    expect(await refusal(f.callers.readonlyA.audit.export({}))).toBe("access_denied");
    expect(await refusal(f.callers.adminA.admin.audit.list({}))).toBe("access_denied");
    expect((await get(f.actors.readonlyA, "/api/tenant/audit", f.a.id)).status).toBe(403);
    expect((await get(f.actors.readonlyA, "/api/tenant/audit/csv", f.a.id)).status).toBe(403);
    expect((await get(f.actors.adminA, "/api/admin/audit/csv")).status).toBe(403);
    expect((await server.fetch("/api/tenant/audit/csv", { headers: { "x-tenant-id": f.a.id } })).status).toBe(
      401,
    );
    // Another organisation's admin naming organisation A is no member of it.
    const { caller } = await callerFor(db.db, f.actors.adminB, f.a.id);
    expect(await refusal(caller.audit.list({}))).toBe("access_denied");
  });

  it("narrows by person, action and each end of the date range (Helsinki days)", async () => {
    const { rows, users } = f;
    const list = (input: Parameters<typeof f.callers.adminA.audit.list>[0]) =>
      f.callers.adminA.audit.list(input).then(idsOf);
    expect(await list({ userId: users.readonlyA.id })).toEqual([rows.a3]);
    expect(await list({ userId: users.adminA.id })).toEqual([rows.a2, rows.a1]);
    expect(await list({ action: "tenant.invitation_sent" })).toEqual([rows.a4, rows.a2]);
    // From 11 March: 23:59:59 of the 10th is out, midnight of the 11th in.
    expect(await list({ from: "2020-03-11" })).toEqual([rows.a4, rows.a3, rows.a2]);
    // To 10 March (inclusive): 23:59:59 in, midnight of the 11th out.
    expect(await list({ to: "2020-03-10" })).toEqual([rows.a1]);
    expect(await list({ from: "2020-03-11", to: "2020-03-11" })).toEqual([rows.a2]);
    expect(await list({ from: "2020-03-12", to: "2020-03-12", action: "tenant.invitation_sent" })).toEqual([
      rows.a4,
    ]);
  });

  it("refuses impossible days and ranges with dates_error and pages over 100 rows", async () => {
    const admin = f.callers.adminA.audit;
    expect(await refusal(admin.list({ from: "2021-02-29" }))).toBe("dates_error");
    expect(await refusal(admin.list({ to: "2020-13-01" }))).toBe("dates_error");
    expect(await refusal(admin.list({ from: "2020-3-1" }))).toBe("dates_error");
    expect(await refusal(admin.list({ from: "2020-03-12", to: "2020-03-11" }))).toBe("dates_error");
    expect(await refusal(admin.list({ limit: 101 }))).toBe("validation_failed");
    expect((await admin.list({ limit: 100 })).rows).toHaveLength(4);
    const rest = await get(f.actors.adminA, "/api/tenant/audit?from=2020-02-30", f.a.id);
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ error_key: "dates_error" });
    const csv = await get(f.actors.adminA, "/api/tenant/audit/csv?to=2020-02-31", f.a.id);
    expect(csv.status).toBe(400);
    expect(await csv.json()).toMatchObject({ error_key: "dates_error" });
  });
});

describe("issue 20.5: the platform's audit log", () => {
  it("shows a platform admin every organisation's rows and filters by organisation", async () => {
    const { rows, users } = f;
    const admin = f.callers.platform.admin.audit;
    expect(idsOf(await admin.list({ tenantId: f.a.id }))).toEqual([rows.a4, rows.a3, rows.a2, rows.a1]);
    expect(idsOf(await admin.list({ tenantId: f.b.id }))).toEqual([rows.b2, rows.b1]);
    // Without an organisation: both organisations and the rows of none (a sign-in).
    expect(idsOf(await admin.list({ from: "2020-03-10", to: "2020-03-10" }))).toEqual([
      rows.a1,
      rows.n1,
      rows.b1,
    ]);
    const person = await admin.list({ userId: users.adminA.id });
    expect(idsOf(person)).toEqual([rows.a2, rows.a1, rows.n1]);
    expect(person.rows[2]).toMatchObject({ tenantId: null, tenantName: null, action: "auth.sign_in" });
    expect((await admin.list({ tenantId: f.b.id, action: "tenant.plan_changed" })).rows[0]).toMatchObject({
      id: rows.b2,
      tenantName: f.b.name,
    });
    const options = await admin.filters({ tenantId: f.b.id });
    expect(options).toEqual({
      people: [{ id: users.adminB.id, name: "Test Person" }],
      actions: ["tenant.plan_changed", "tenant.role_added"],
    });
    const rest = await get(f.actors.platform, `/api/admin/audit?tenantId=${f.b.id}&limit=1`);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ total: 2, until: rows.b2, rows: [{ id: rows.b2 }] });
  });
});

describe("issue 20.5: paging", () => {
  it("is stable: pages follow each other without gaps or repeats, and rows written since stay out", async () => {
    const tenant = await makeTenant(db.owner);
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const { caller } = await callerFor(db.db, await actorFor(db.db, "admin", admin.id), tenant.id);
    // Seven rows, three of them at the same moment (ordered by id then).
    const same = new Date("2022-05-01T09:00:00Z");
    const written = (
      await addRows(
        [0, 1, 2, 3, 4, 5, 6].map((i) => ({
          tenantId: tenant.id,
          actorUserId: admin.id,
          action: "tenant.role_added",
          at: i < 3 ? same : new Date(Date.UTC(2022, 4, 2 + i)),
        })),
      )
    ).map((row) => row.id);
    const newestFirst = [...written.slice(3).reverse(), written[2], written[1], written[0]];
    const first = await caller.audit.list({ limit: 3 });
    expect(first.total).toBe(7);
    // A row written after the first page: later pages with `until` leave it out.
    const [late] = await addRows([
      { tenantId: tenant.id, actorUserId: admin.id, action: "tenant.role_added" },
    ]);
    const until = first.until ?? undefined;
    const second = await caller.audit.list({ limit: 3, offset: 3, until });
    const third = await caller.audit.list({ limit: 3, offset: 6, until });
    expect(second.total).toBe(7);
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(newestFirst);
    expect(idsOf(third)).toHaveLength(1);
    // The same page asked again is the same; a fresh first page sees the new row.
    expect(idsOf(await caller.audit.list({ limit: 3, offset: 3, until }))).toEqual(idsOf(second));
    const fresh = await caller.audit.list({ limit: 3 });
    expect(fresh.total).toBe(8);
    expect(idsOf(fresh)[0]).toBe(late?.id);
  });
});

describe("issue 20.5: CSV export", () => {
  it("writes the header and the filtered rows, newest first, formulas defused", async () => {
    const response = await get(
      f.actors.adminA,
      "/api/tenant/audit/csv?action=tenant.invitation_sent",
      f.a.id,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, ...rows] = csvRows(text.replace(/\r\n$/, ""), ",");
    expect(header).toEqual(AUDIT_CSV_HEADER);
    expect(rows).toEqual([
      [
        "2020-03-12T10:00:00.000Z",
        "",
        "",
        `'${API_KEY_NAME}`,
        "tenant.invitation_sent",
        "Sent an invitation",
        "",
        "",
        "Roles: Admin",
        f.a.id,
        f.a.name,
      ],
      [
        "2020-03-10T22:00:00.000Z",
        f.users.adminA.id,
        "Test Person",
        "",
        "tenant.invitation_sent",
        "Sent an invitation",
        "",
        "",
        "Roles: Basic user",
        f.a.id,
        f.a.name,
      ],
    ]);
  });

  it("keeps to the organisation and the filters; semicolons in Finnish; platform admins by organisation", async () => {
    const fi = await get(
      f.actors.adminA,
      `/api/tenant/audit/csv?lang=fi&tenantId=${f.b.id}&from=2020-03-12`,
      f.a.id,
    );
    const [header, ...rows] = csvRows((await fi.text()).replace(/^\uFEFF/, "").replace(/\r\n$/, ""), ";");
    expect(header).toEqual(AUDIT_CSV_HEADER);
    expect(rows.map((row) => row.slice(4, 6))).toEqual([
      ["tenant.invitation_sent", "Lähetti kutsun"],
      ["tenant.voting_link_rotated", "Teki uuden äänestyslinkin"],
    ]);
    expect(rows[0]?.[8]).toBe("Roolit: Pääkäyttäjä");
    expect(rows.every((row) => row[9] === f.a.id)).toBe(true);

    const platform = await get(f.actors.platform, `/api/admin/audit/csv?tenantId=${f.b.id}`);
    expect(platform.status).toBe(200);
    const [, ...bRows] = csvRows((await platform.text()).replace(/^\uFEFF/, "").replace(/\r\n$/, ""), ",");
    expect(bRows.map((row) => [row[4], row[10]])).toEqual([
      ["tenant.plan_changed", f.b.name],
      ["tenant.role_added", f.b.name],
    ]);
    expect((await get(f.actors.adminA, "/api/tenant/audit/csv?lang=xx", f.a.id)).status).toBe(400);
  });

  it("writes at most 10 000 rows, the newest", async () => {
    const tenant = await makeTenant(db.owner);
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const actor = await actorFor(db.db, "admin", admin.id);
    // 10 001 rows a second apart from 23:00 of 1 January 2019 in Helsinki (UTC+2): numbers 1-3599 fall
    // on that day, the rest on the next. The oldest (number 1) is the one left out.
    await asOwner(db.owner, (tx) =>
      tx.execute(sql`insert into audit_log (tenant_id, actor_user_id, action, at, target_id)
        select ${tenant.id}::uuid, ${admin.id}::uuid, 'tenant.role_added',
               timestamptz '2019-01-01 21:00:00+00' + n * interval '1 second', n::text
        from generate_series(1, 10001) as n`),
    );
    const csv = async (query: string) => {
      const response = await get(actor, `/api/tenant/audit/csv${query}`, tenant.id);
      expect(response.status).toBe(200);
      return csvRows((await response.text()).replace(/^\uFEFF/, "").replace(/\r\n$/, ""), ",").slice(1);
    };
    const all = await csv("");
    expect(all).toHaveLength(10_000);
    expect(all[0]?.[7]).toBe("10001");
    expect(all.at(-1)?.[7]).toBe("2");
    // Under the cap every matching row is there.
    const { caller } = await callerFor(db.db, actor, tenant.id);
    expect((await caller.audit.list({ limit: 1 })).total).toBe(10_001);
    const firstDay = await csv("?to=2019-01-01");
    expect(firstDay).toHaveLength(3599);
    expect(firstDay[0]?.[7]).toBe("3599");
  });
});

describe("issue 20.5: the log in words (codes, ids and 'tenant' never shown)", () => {
  const csvOfDay = async (actor: Actor, query: string, delimiter = ",") => {
    const response = await get(actor, `/api/admin/audit/csv?from=2023-04-05&to=2023-04-05${query}`);
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/^\uFEFF/, "").replace(/\r\n$/, "");
    return csvRows(text, delimiter).slice(1);
  };

  it("answers the details without ids and writes actions and details in the file's language", async () => {
    const tenant = await makeTenant(db.owner);
    const uuid = f.users.adminA.id;
    const at = (minute: number) => new Date(Date.UTC(2023, 3, 5, 9, minute));
    const written = await addRows([
      {
        tenantId: tenant.id,
        actorUserId: f.users.adminA.id,
        action: "apikey.created",
        at: at(1),
        targetType: "api_key",
        targetId: "kp_7QX2M4",
        details: { name: "CI", scope: "write", expireAt: "2026-12-31T21:59:59.999Z", ips: ["192.0.2.1"] },
      },
      {
        tenantId: tenant.id,
        actorUserId: f.users.adminA.id,
        action: "webhook.resent",
        at: at(2),
        targetType: "webhook_delivery",
        targetId: uuid,
        details: { endpointId: uuid },
      },
      {
        actorUserId: f.users.adminA.id,
        action: "admin.admin.addTenantUser",
        at: at(3),
        details: { id: uuid, userId: uuid },
      },
      {
        actorUserId: f.users.adminA.id,
        action: "admin.admin.somethingNew",
        at: at(4),
        details: { mode: "x" },
      },
      {
        tenantId: tenant.id,
        actorUserId: f.users.adminA.id,
        action: "api.survey.create",
        at: at(5),
        details: { apiKeyName: "CI", title: "Kevät", teamIds: [uuid], secret: "[redacted]" },
      },
      { tenantId: tenant.id, actorUserId: f.users.adminA.id, action: "tenant.future_thing", at: at(6) },
    ]);
    const page = await f.callers.platform.admin.audit.list({ from: "2023-04-05", to: "2023-04-05" });
    expect(page.rows.map((row) => [row.id, row.details])).toEqual(
      [
        [
          // In the order jsonb keeps keys: shorter names first.
          { field: "ips", value: ["192.0.2.1"] },
          { field: "name", value: "CI" },
          { field: "scope", value: "write" },
          { field: "expireAt", value: "2026-12-31T21:59:59.999Z" },
        ],
        [],
        [],
        [{ field: "mode", value: "x" }],
        [{ field: "title", value: "Kevät" }],
        [],
      ]
        .map((details, i) => [written[i]?.id, details])
        .reverse(),
    );

    const en = await csvOfDay(f.actors.platform, "");
    expect(en.map((row) => [row[5], row[8]]).reverse()).toEqual([
      [
        "Created an API key",
        "Allowed IP addresses: 192.0.2.1; Name: CI; Access: Read and write; Expires: 2026-12-31T21:59:59.999Z",
      ],
      ["Sent a webhook delivery again", ""],
      ["Platform administration: Added a user to an organisation", ""],
      ["Platform administration", "Mode: x"],
      ["Made a change through the API", "Title: Kevät"],
      ["Other action", ""],
    ]);
    // The codes stay in their columns for scripts.
    expect(en.map((row) => row[4]).reverse()).toEqual([
      "apikey.created",
      "webhook.resent",
      "admin.admin.addTenantUser",
      "admin.admin.somethingNew",
      "api.survey.create",
      "tenant.future_thing",
    ]);

    const fi = await csvOfDay(f.actors.platform, "&lang=fi", ";");
    expect(fi.map((row) => [row[5], row[8]]).reverse()).toEqual([
      [
        "Loi API-avaimen",
        "Sallitut IP-osoitteet: 192.0.2.1; Nimi: CI; Käyttöoikeus: Luku ja kirjoitus; Vanhenee: 2026-12-31T21:59:59.999Z",
      ],
      ["Lähetti webhook-toimituksen uudelleen", ""],
      ["Palvelun ylläpito: Lisäsi käyttäjän organisaatioon", ""],
      ["Palvelun ylläpito", "Mode: x"],
      ["Teki muutoksen API:n kautta", "Title: Kevät"],
      ["Muu toiminto", ""],
    ]);
    for (const row of [...en, ...fi]) expect(`${row[5]} ${row[8]}`).not.toMatch(/tenant|[0-9a-f]{8}-/i);
  });
});

describe("issue 20.5: people of internal company domains", () => {
  it("are hidden from viewers outside those domains and shown to viewers inside", async () => {
    const config = { ...TEST_CONFIG, internalEmailDomains: ["kunto.internal"] };
    const tenant = await makeTenant(db.owner);
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const support = await makeUser(db.owner, {
      email: `support-${tenant.id}@kunto.internal`,
      systemRoles: ["admin"],
    });
    const [row] = await addRows([
      {
        tenantId: tenant.id,
        actorUserId: support.id,
        action: "tenant.plan_changed",
        at: new Date("2021-06-01T12:00:00Z"),
      },
    ]);
    const callerWith = async (userId: string, tenantId: string | null) => {
      const actor = await actorFor(db.db, "viewer", userId);
      const ctx: Context = {
        db: db.db,
        config,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        ip: "127.0.0.1",
        tenantHeader: tenantId,
        sessionToken: actor.cookie?.split("=")[1] ?? null,
        deviceCookie: null,
        cookies: { setSession: () => {}, clearSession: () => {}, setDevice: () => {} },
      };
      return createCaller(ctx);
    };
    const outside = await callerWith(admin.id, tenant.id);
    const seen = await outside.audit.list({});
    expect(seen.rows[0]).toMatchObject({
      id: row?.id,
      actor: { userId: null, name: null, apiKeyName: null, hidden: true },
    });
    expect((await outside.audit.filters()).people).toEqual([]);
    const inside = await callerWith(support.id, null);
    const shown = await inside.admin.audit.list({ tenantId: tenant.id });
    expect(shown.rows[0]?.actor).toEqual({
      userId: support.id,
      name: "Test Person",
      apiKeyName: null,
      hidden: false,
    });
    expect((await inside.admin.audit.filters({ tenantId: tenant.id })).people).toEqual([
      { id: support.id, name: "Test Person" },
    ]);
  });
});

describe("issue 20.5: the REST document", () => {
  it("lists the audit calls and both CSV downloads under one tag", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; tags: string[]; responses: object }>>;
      tags: Array<{ name: string }>;
    };
    const operations = [
      ["/tenant/audit", "auditList"],
      ["/tenant/audit/filters", "auditFilters"],
      ["/tenant/audit/csv", "auditCsv"],
      ["/admin/audit", "adminAuditList"],
      ["/admin/audit/filters", "adminAuditFilters"],
      ["/admin/audit/csv", "adminAuditCsv"],
    ];
    for (const [path, operationId] of operations) {
      const operation = doc.paths[path as string]?.get;
      expect(operation?.operationId, path).toBe(operationId);
      expect(operation?.tags, path).toEqual(["Audit log"]);
    }
    expect(Object.keys(doc.paths["/tenant/audit/csv"]?.get?.responses ?? {})).toContain("200");
    expect(doc.tags.map((tag) => tag.name)).toContain("Audit log");
  });
});
