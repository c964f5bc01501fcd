import type { AddressInfo } from "node:net";
import { createSandbox, removeExpiredSandboxes, SANDBOX_TABLES, seed } from "@kunto/api";
import { createSession, hashPassword, sessionCookieName } from "@kunto/auth";
import { createSystemDb, DEMO_EMAIL, schema } from "@kunto/db";
import { emptyAggregates, mergeAggregates, parseAggregates } from "@kunto/engine";
import { deliverDueMails, enqueueMail } from "@kunto/mail";
import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SANDBOX_CLEANUP_CRON, SANDBOX_CLEANUP_QUEUE, startJobs } from "../../src/jobs";
import {
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
  TEST_PASSWORD,
} from "../support/harness";

/**
 * Issue 6.6 (every "Try the demo" visitor gets a private sandbox) and the outbox half of 6.10
 * (secrets leave the outbox once a mail is sent or given up), over real HTTP, real PostgreSQL and a
 * real SMTP server on loopback.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const received: Array<{ to: string; raw: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;
const log = { info: () => {}, warn: () => {}, error: () => {} };
const smtpConfig = () => ({
  host: "127.0.0.1",
  port: smtpPort,
  secure: false,
  from: "Kunto <no-reply@kunto.test>",
});
/** Delivers everything due, as the worker would. */
const deliverAll = async () => {
  while ((await deliverDueMails(db.system, smtpConfig(), log)) > 0);
};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // The seeded demo, as `npm start` makes it (idempotent: a seeded database is left alone).
  const { system, close } = createSystemDb(inject("ownerUrl"), { max: 1 });
  try {
    await seed({ system, hashPassword, adminEmail: "admin@kunto.local" });
  } finally {
    await close();
  }
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.close();
});

/** Every HTTP test here comes from 127.0.0.1: start each with that address's demo counter at zero. */
const resetDemoLimit = () =>
  db.owner.delete(schema.rateLimits).where(like(schema.rateLimits.key, "demo:address:%"));

interface Visitor {
  cookie: string;
  tenants: Array<{ id: string; name: string }>;
}

async function tryTheDemo(language?: string): Promise<Visitor> {
  const response = await server.fetch("/api/public/demo", {
    method: "POST",
    headers: { origin: server.base, ...(language ? { "content-type": "application/json" } : {}) },
    ...(language ? { body: JSON.stringify({ language }) } : {}),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { expiresAt: string };
  const hours = (new Date(body.expiresAt).getTime() - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  expect(cookie.startsWith(`${sessionCookieName(false)}=`)).toBe(true);
  const me = (await (await server.fetch("/api/user", { headers: { cookie } })).json()) as Visitor & {
    email: string;
  };
  expect(me.email).toBe(DEMO_EMAIL);
  return { cookie, tenants: me.tenants };
}

function api(visitor: Visitor, method: string, path: string, tenantId: string | null, body?: unknown) {
  return server.fetch(`/api${path}`, {
    method,
    headers: {
      cookie: visitor.cookie,
      origin: server.base,
      ...(tenantId ? { "x-tenant-id": tenantId } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const tenantOf = (visitor: Visitor, name: string) => {
  const tenant = visitor.tenants.find((t) => t.name === name);
  if (!tenant) throw new Error(`${name} not among ${JSON.stringify(visitor.tenants)}`);
  return tenant.id;
};

/** Everything the seeded demo holds, read as the owner: compared before and after visitors act. */
async function seededDemo() {
  return asOwner(db.owner, async (tx) => {
    const [demoUser] = await tx
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.email, DEMO_EMAIL), isNull(schema.users.sandboxId)));
    if (!demoUser) throw new Error("no seeded demo user");
    const tenantIds = (
      await tx
        .select({ id: schema.memberships.tenantId })
        .from(schema.memberships)
        .where(eq(schema.memberships.userId, demoUser.id))
    ).map((r) => r.id);
    const tenants = await tx
      .select()
      .from(schema.tenants)
      .where(inArray(schema.tenants.id, tenantIds))
      .orderBy(schema.tenants.id);
    const memberships = await tx
      .select()
      .from(schema.memberships)
      .where(inArray(schema.memberships.tenantId, tenantIds))
      .orderBy(schema.memberships.tenantId, schema.memberships.userId);
    const values = await tx
      .select()
      .from(schema.tenantValues)
      .where(inArray(schema.tenantValues.tenantId, tenantIds))
      .orderBy(schema.tenantValues.tenantId, schema.tenantValues.key);
    const people = await tx
      .select()
      .from(schema.users)
      .where(
        inArray(
          schema.users.id,
          memberships.map((m) => m.userId),
        ),
      )
      .orderBy(schema.users.id);
    return { demoUser, tenants, memberships, values, people, ...(await surveyData(tx, tenantIds)) };
  });
}

type OwnerTx = Parameters<Parameters<typeof asOwner>[1]>[0];

/** The surveys of some organisations with everything they hold (issue 7), in a stable order. */
async function surveyData(tx: OwnerTx, tenantIds: string[]) {
  return {
    teams: await tx
      .select()
      .from(schema.teams)
      .where(inArray(schema.teams.tenantId, tenantIds))
      .orderBy(schema.teams.id),
    answerers: await tx
      .select()
      .from(schema.teamAnswerers)
      .where(inArray(schema.teamAnswerers.tenantId, tenantIds))
      .orderBy(schema.teamAnswerers.id),
    surveys: await tx
      .select()
      .from(schema.surveys)
      .where(inArray(schema.surveys.tenantId, tenantIds))
      .orderBy(schema.surveys.id),
    shares: await tx
      .select()
      .from(schema.surveyShares)
      .where(inArray(schema.surveyShares.tenantId, tenantIds))
      .orderBy(schema.surveyShares.id),
    shareTeams: await tx
      .select()
      .from(schema.surveyShareTeams)
      .where(inArray(schema.surveyShareTeams.tenantId, tenantIds))
      .orderBy(schema.surveyShareTeams.shareId),
    responses: await tx
      .select()
      .from(schema.surveyResponses)
      .where(inArray(schema.surveyResponses.tenantId, tenantIds))
      .orderBy(schema.surveyResponses.id),
    aggregates: await tx
      .select()
      .from(schema.surveyAggregates)
      .where(inArray(schema.surveyAggregates.tenantId, tenantIds))
      .orderBy(schema.surveyAggregates.shareId, schema.surveyAggregates.stripe),
  };
}

describe("demo sandboxes (issue 6.6)", () => {
  it("names every table of an organisation or a person as copied or excluded", async () => {
    const rows = await db.ownerSql<{ table_name: string }[]>`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.column_name in ('tenant_id', 'user_id') or c.table_name in ('tenants', 'users'))`;
    const tables = rows.map((r) => r.table_name).sort();
    expect(tables).toContain("memberships");
    expect(tables).toContain("tenant_values");
    expect(Object.keys(SANDBOX_TABLES).sort()).toEqual(tables);
  });

  it("the seeded demo user no longer signs in: its old password is refused", async () => {
    const { demoUser } = await seededDemo();
    expect(demoUser.passwordHash).toBeNull();
    const response = await server.fetch("/trpc/auth.signIn", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ username: DEMO_EMAIL, password: "Kunto-demo-2026-aurora" }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { data: { error_key: string } } }).error.data.error_key).toBe(
      "invalid_credentials",
    );
  });

  it("gives each visitor a private copy: a rename and a new user in one are invisible in the other and in the seeded demo", async () => {
    await resetDemoLimit();
    const before = await seededDemo();
    const a = await tryTheDemo();
    const b = await tryTheDemo();
    expect(a.tenants.map((t) => t.name).sort()).toEqual(["Aurora Components Oy", "Aurora Logistics OÜ"]);
    expect(b.tenants.map((t) => t.name).sort()).toEqual(a.tenants.map((t) => t.name).sort());
    const aTenant = tenantOf(a, "Aurora Components Oy");
    const bTenant = tenantOf(b, "Aurora Components Oy");
    expect(aTenant).not.toBe(bTenant);
    expect(before.tenants.map((t) => t.id)).not.toContain(aTenant);

    // The copy holds what the demo holds: the same people (by address) and roles, and values.
    const members = async (v: Visitor, tenantId: string) =>
      (
        (await (await api(v, "GET", "/tenant/user", tenantId)).json()) as Array<{
          email: string | null;
          username: string | null;
          roles: string[];
          id: string;
        }>
      )
        .map((m) => `${m.email ?? m.username} ${m.roles.join(",")}`)
        .sort();
    const seededMembers = before.memberships
      .filter((m) => m.tenantId === before.tenants.find((t) => t.name === "Aurora Components Oy")?.id)
      .map((m) => {
        const person = before.people.find((p) => p.id === m.userId);
        return `${person?.email ?? person?.username} ${m.roles.join(",")}`;
      })
      .sort();
    expect(await members(a, aTenant)).toEqual(seededMembers);
    const values = (await (await api(a, "GET", "/tenant/values", aTenant)).json()) as Array<{ key: string }>;
    expect(values.map((v) => v.key)).toEqual(
      before.values.filter((v) => v.tenantId !== tenantOf(a, "Aurora Logistics OÜ")).map((v) => v.key),
    );

    // Visitor A renames the organisation and adds a colleague, as a tenant admin does.
    const current = (await (await api(a, "GET", "/tenant", aTenant)).json()) as Record<string, unknown>;
    const renamed = await api(a, "POST", "/tenant", aTenant, {
      name: "Renamed by visitor A",
      streetAddress: current.streetAddress,
      zipCode: current.zipCode,
      city: current.city,
      country: current.country,
    });
    expect(renamed.status).toBe(200);
    const added = await api(a, "POST", "/tenant/user", aTenant, {
      email: "new.colleague@aurora.example",
      firstName: "Noora",
      lastName: "Laine",
    });
    expect(added.status).toBe(200);
    // Adding a person invites them (issue 6.7): the sandbox lists the invitation.
    const invited = async (v: Visitor, tenantId: string) =>
      ((await (await api(v, "GET", "/tenant/invitation", tenantId)).json()) as Array<{ email: string }>).map(
        (i) => i.email,
      );
    expect(await invited(a, aTenant)).toContain("new.colleague@aurora.example");

    // Visitor B sees neither.
    const bCurrent = (await (await api(b, "GET", "/tenant", bTenant)).json()) as { name: string };
    expect(bCurrent.name).toBe("Aurora Components Oy");
    expect(await members(b, bTenant)).toEqual(seededMembers);
    expect(await invited(b, bTenant)).toEqual([]);
    // Nor can B reach A's copy.
    expect((await api(b, "GET", "/tenant", aTenant)).status).toBe(403);

    // The seeded demo is exactly as it was.
    const after = await seededDemo();
    expect(after).toEqual(before);

    // Platform administration lists real organisations and people only, the seeded demo included.
    const platformAdmin = await makeUser(db.owner, { systemRoles: ["admin"] });
    const adminSession = await createSession(db.db, platformAdmin.id, "active");
    const asAdmin: Visitor = { cookie: `${sessionCookieName(false)}=${adminSession.token}`, tenants: [] };
    const tenantIds = (
      (await (await api(asAdmin, "GET", "/admin/tenant", null)).json()) as Array<{ id: string }>
    ).map((t) => t.id);
    expect(tenantIds).toEqual(expect.arrayContaining(before.tenants.map((t) => t.id)));
    expect(tenantIds).not.toContain(aTenant);
    expect(tenantIds).not.toContain(bTenant);
    const people = (await (await api(asAdmin, "GET", "/admin/user", null)).json()) as Array<{
      email: string | null;
    }>;
    expect(people.filter((p) => p.email === DEMO_EMAIL)).toHaveLength(1);
    expect(people.filter((p) => p.email === "new.colleague@aurora.example")).toHaveLength(0);
  });

  it("issue 7: a sandbox holds the demo's surveys, shares, responses and aggregates under new keys, and a visitor's changes leave the demo as it was", async () => {
    const before = await seededDemo();
    const seededId = before.tenants.find((t) => t.name === "Aurora Components Oy")?.id ?? "";
    const seeded = await asOwner(db.owner, (tx) => surveyData(tx, [seededId]));
    expect(seeded.surveys.length).toBeGreaterThanOrEqual(5);
    expect(seeded.responses.length).toBeGreaterThan(50);

    const sandbox = await createSandbox(db.db);
    const [copyTenant] = await asOwner(db.owner, (tx) =>
      tx
        .select()
        .from(schema.tenants)
        .where(
          and(
            eq(schema.tenants.sandboxId, sandbox.sandboxId),
            eq(schema.tenants.name, "Aurora Components Oy"),
          ),
        ),
    );
    if (!copyTenant) throw new Error("no copy of the demo organisation");
    const copy = await asOwner(db.owner, (tx) => surveyData(tx, [copyTenant.id]));

    // The same numbers of everything.
    for (const table of Object.keys(seeded) as Array<keyof typeof seeded>)
      expect(copy[table].length, table).toBe(seeded[table].length);
    // The same surveys, shares and teams by what a visitor sees, each under a new id and key.
    const shown = (rows: Array<{ name: string | null; type?: string; startsAt?: Date; endsAt?: Date }>) =>
      rows.map((r) => JSON.stringify([r.name, r.type, r.startsAt, r.endsAt])).sort();
    expect(shown(copy.surveys)).toEqual(shown(seeded.surveys));
    expect(shown(copy.teams)).toEqual(shown(seeded.teams));
    expect(shown(copy.shares)).toEqual(shown(seeded.shares));
    expect(copy.surveys.map((s) => s.latestAnswerOn).sort()).toEqual(
      seeded.surveys.map((s) => s.latestAnswerOn).sort(),
    );
    const shared = (column: string, a: Array<Record<string, unknown>>, b: Array<Record<string, unknown>>) => {
      const seen = new Set(b.map((r) => r[column]));
      return a.filter((r) => seen.has(r[column])).length;
    };
    for (const [rows, seededRows, columns] of [
      [copy.teams, seeded.teams, ["id", "key"]],
      [copy.surveys, seeded.surveys, ["id", "key"]],
      [copy.shares, seeded.shares, ["id", "key"]],
      [copy.responses, seeded.responses, ["id", "submissionId"]],
      [copy.answerers, seeded.answerers, ["id"]],
    ] as const) {
      for (const column of columns)
        expect(shared(column, rows as never, seededRows as never), column).toBe(0);
    }
    // Every reference stays inside the copy.
    const copyIds = new Set([...copy.surveys, ...copy.shares, ...copy.teams].map((r) => r.id));
    for (const r of copy.responses)
      for (const ref of [r.surveyId, r.shareId, r.teamId]) expect(copyIds.has(ref)).toBe(true);
    for (const r of copy.aggregates)
      for (const ref of [r.surveyId, r.shareId, r.teamId]) expect(copyIds.has(ref)).toBe(true);
    for (const r of copy.shareTeams)
      for (const ref of [r.shareId, r.teamId]) expect(copyIds.has(ref)).toBe(true);
    // The same answers, and per survey the same merged aggregates.
    const answers = (rows: typeof seeded.responses) =>
      rows.map((r) => JSON.stringify([r.answers, r.submittedOn, r.language])).sort();
    expect(answers(copy.responses)).toEqual(answers(seeded.responses));
    // Each aggregate row as it was, and per survey the same merge (rows folded in one order).
    const aggregateRows = (data: typeof seeded) =>
      data.aggregates
        .map((a) => {
          const share = data.shares.find((x) => x.id === a.shareId);
          const survey = data.surveys.find((x) => x.id === a.surveyId);
          const team = data.teams.find((x) => x.id === a.teamId);
          return { at: `${survey?.type} ${survey?.name} / ${share?.name} / ${team?.name} / ${a.stripe}`, a };
        })
        .sort((x, y) => x.at.localeCompare(y.at));
    expect(aggregateRows(copy).map((r) => [r.at, r.a.aggregates])).toEqual(
      aggregateRows(seeded).map((r) => [r.at, r.a.aggregates]),
    );
    const bySurvey = (data: typeof seeded) =>
      Object.fromEntries(
        data.surveys.map((s) => [
          `${s.type} ${s.name}`,
          aggregateRows(data)
            .filter((r) => r.a.surveyId === s.id)
            .reduce((sum, r) => mergeAggregates(sum, parseAggregates(r.a.aggregates)), emptyAggregates()),
        ]),
      );
    expect(bySurvey(copy)).toEqual(bySurvey(seeded));

    // A visitor's changes in the copy (as the request role, under its row-level security)...
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', ${copyTenant.id}, true)`);
      const [survey] = copy.surveys;
      await tx
        .update(schema.surveys)
        .set({ name: "Renamed by a visitor" })
        .where(eq(schema.surveys.id, survey?.id ?? ""));
      await tx.delete(schema.surveyResponses).where(eq(schema.surveyResponses.surveyId, survey?.id ?? ""));
      await tx.delete(schema.surveyAggregates).where(eq(schema.surveyAggregates.surveyId, survey?.id ?? ""));
      await tx.delete(schema.teams).where(eq(schema.teams.id, copy.teams[0]?.id ?? ""));
    });
    const changed = await asOwner(db.owner, (tx) => surveyData(tx, [copyTenant.id]));
    expect(changed.surveys.map((s) => s.name)).toContain("Renamed by a visitor");
    expect(changed.responses.length).toBeLessThan(copy.responses.length);
    expect(changed.teams.length).toBe(copy.teams.length - 1);
    // ...leave the seeded demo exactly as it was.
    expect(await asOwner(db.owner, (tx) => surveyData(tx, [seededId]))).toEqual(seeded);
    expect(await seededDemo()).toEqual(before);
  });

  it("an address invited in a sandbox never reaches the real person who has it", async () => {
    await resetDemoLimit();
    const real = await makeUser(db.owner);
    const visitor = await tryTheDemo();
    const tenantId = tenantOf(visitor, "Aurora Components Oy");
    const added = await api(visitor, "POST", "/tenant/user", tenantId, { email: real.email });
    expect(added.status).toBe(200);
    const { id: invitationId } = (await added.json()) as { id: string };
    expect(invitationId).not.toBe(real.id);
    const realMemberships = await db.owner
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, real.id));
    expect(realMemberships).toEqual([]);
    // The real person neither sees the sandbox's invitation nor can accept it.
    const realSession = await createSession(db.db, real.id, "active");
    const asReal: Visitor = { cookie: `${sessionCookieName(false)}=${realSession.token}`, tenants: [] };
    expect(await (await api(asReal, "GET", "/user/invitation", null)).json()).toEqual([]);
    const accept = await api(asReal, "POST", `/user/invitation/${invitationId}/accept`, null);
    expect(accept.status).toBe(404);
    expect(
      await db.owner.select().from(schema.memberships).where(eq(schema.memberships.userId, real.id)),
    ).toEqual([]);
    // The real person still signs in with their own password.
    const { caller } = await callerFor(
      db.db,
      { name: "anon", cookie: null, userId: null },
      null,
      "10.66.0.1",
    );
    expect((await caller.auth.signIn({ username: real.email ?? "", password: TEST_PASSWORD })).status).toBe(
      "SIGNED_IN",
    );
    // A new organisation made by the visitor belongs to the sandbox too.
    const created = await api(visitor, "POST", "/user/tenant", null, {
      name: "Visitor's own Oy",
      country: "FI",
    });
    expect(created.status).toBe(200);
    const { id: newTenant } = (await created.json()) as { id: string };
    const [visitorUser] = await db.owner
      .select()
      .from(schema.users)
      .where(
        eq(
          schema.users.id,
          (
            await asOwner(db.owner, (tx) =>
              tx.select().from(schema.memberships).where(eq(schema.memberships.tenantId, newTenant)),
            )
          )[0]?.userId ?? "",
        ),
      );
    const [tenantRow] = await asOwner(db.owner, (tx) =>
      tx.select().from(schema.tenants).where(eq(schema.tenants.id, newTenant)),
    );
    expect(tenantRow?.sandboxId).toBeTruthy();
    expect(tenantRow?.sandboxId).toBe(visitorUser?.sandboxId);
  });

  it("holds mail in a sandbox (never delivered, shown to the visitor) while a real organisation's mail goes out", async () => {
    await resetDemoLimit();
    await deliverAll();
    const visitor = await tryTheDemo();
    const tenantId = tenantOf(visitor, "Aurora Components Oy");
    const address = `held-${Date.now()}@example.test`;
    expect((await api(visitor, "POST", "/tenant/user", tenantId, { email: address })).status).toBe(200);

    // A real organisation's admin adds someone too: that mail must go out, so the SMTP path is live.
    const realTenant = await makeTenant(db.owner);
    const admin = await makeUser(db.owner, { tenantId: realTenant.id, tenantRoles: ["tenant_admin"] });
    const session = await createSession(db.db, admin.id, "active");
    const realAdmin: Visitor = { cookie: `${sessionCookieName(false)}=${session.token}`, tenants: [] };
    const realAddress = `delivered-${Date.now()}@example.test`;
    expect((await api(realAdmin, "POST", "/tenant/user", realTenant.id, { email: realAddress })).status).toBe(
      200,
    );

    await deliverAll();
    expect(received.some((m) => m.to === realAddress)).toBe(true);
    expect(received.some((m) => m.to === address)).toBe(false);

    const [held] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, address));
    expect(held?.state).toBe("held_demo");
    expect(held?.sandboxId).toBeTruthy();
    expect(held?.sentAt).toBeNull();
    // Held as written (an invitation holds no secret); nothing is left to send.
    expect(held?.text).toContain("/signup?");
    expect(held?.redactedText).toBeNull();

    // A later delivery round still leaves it alone.
    await deliverAll();
    expect(received.some((m) => m.to === address)).toBe(false);

    // The visitor's screen lists it as not sent in the demo.
    const answer = (await (
      await server.fetch("/trpc/demo.sandbox", { headers: { cookie: visitor.cookie } })
    ).json()) as {
      result: { data: { heldMails: Array<{ to: string; subject: string; createdAt: string }> } };
    };
    expect(answer.result.data.heldMails.map((m) => m.to)).toEqual([address]);
    expect(answer.result.data.heldMails[0]?.subject).toBe("You are invited to join an organisation in Kunto");
    // Anyone else: no sandbox.
    const other = (await (
      await server.fetch("/trpc/demo.sandbox", { headers: { cookie: realAdmin.cookie } })
    ).json()) as { result: { data: unknown } };
    expect(other.result.data).toBeNull();
  });

  it("issue 19.6: a sandbox holds the demo's teams, surveys, shares and tasks in the visitor's language", async () => {
    await resetDemoLimit();
    const read = async (visitor: Visitor) => {
      const tenantId = tenantOf(visitor, "Aurora Components Oy");
      const get = async <T>(path: string) => (await (await api(visitor, "GET", path, tenantId)).json()) as T;
      const surveys = await get<Array<{ key: string; name: string | null; start: string }>>("/tenant/survey");
      const shares = await get<Array<{ name: string }>>(`/tenant/surveyshare/bysurvey/${surveys[0]?.key}`);
      const tasks = await get<{ items: Array<{ name: string; description: string | null }> }>("/tenant/task");
      const me = await (await api(visitor, "GET", "/user", null)).json();
      return {
        teams: (await get<Array<{ name: string; description: string | null }>>("/tenant/team")).map(
          (t) => t.name,
        ),
        surveys: surveys.map((s) => s.name ?? ""),
        shares: shares.map((s) => s.name),
        tasks: (Array.isArray(tasks) ? tasks : tasks.items).map((t) => t.name),
        language: (me as { language: string }).language,
      };
    };
    const finnish = await read(await tryTheDemo("fi"));
    expect(finnish.teams).toEqual(
      expect.arrayContaining(["Tuotanto", "Logistiikka", "Toimisto", "Johtoryhmä"]),
    );
    expect(finnish.teams).not.toContain("Production");
    expect(finnish.surveys.some((name) => /^Henkilöstökysely [a-zäö]+kuu \d{4}$/.test(name))).toBe(true);
    expect(finnish.surveys.some((name) => name.startsWith("Personnel survey"))).toBe(false);
    expect(finnish.shares.length).toBeGreaterThan(0);
    expect(finnish.shares.every((name) => !/^(Production|Logistics|Office|Management team)/.test(name))).toBe(
      true,
    );
    expect(finnish.tasks).toContain("Tarkistetaan tuotannon työpisteiden ergonomia");
    expect(finnish.language).toBe("fi");
    // Without a language (and in English) the demo is as seeded.
    const english = await read(await tryTheDemo());
    expect(english.teams).toEqual(expect.arrayContaining(["Production", "Management team"]));
    expect(english.surveys.some((name) => /^Personnel survey [A-Z][a-z]+ \d{4}$/.test(name))).toBe(true);
    expect(english.tasks).toContain("Review workstation ergonomics in production");
    // A language the product does not have is refused, and no sandbox is made for it.
    const refused = await server.fetch("/api/public/demo", {
      method: "POST",
      headers: { origin: server.base, "content-type": "application/json" },
      body: JSON.stringify({ language: "de" }),
    });
    expect(refused.status).toBe(400);
  });

  it("issue 22: a sandbox's work tasks and notes name the sandbox's own people (assignee, assigner, author), never the demo's", async () => {
    await resetDemoLimit();
    const visitor = await tryTheDemo();
    const sandboxTenant = tenantOf(visitor, "Aurora Components Oy");
    await asOwner(db.owner, async (tx) => {
      const [copy] = await tx.select().from(schema.tenants).where(eq(schema.tenants.id, sandboxTenant));
      const [demo] = await tx
        .select()
        .from(schema.tenants)
        .where(and(eq(schema.tenants.name, "Aurora Components Oy"), isNull(schema.tenants.sandboxId)));
      if (!copy?.sandboxId || !demo) throw new Error("no sandbox or no demo organisation");
      const membersOf = async (tenantId: string) =>
        new Set(
          (
            await tx
              .select({ id: schema.memberships.userId })
              .from(schema.memberships)
              .where(eq(schema.memberships.tenantId, tenantId))
          ).map((m) => m.id),
        );
      const sandboxPeople = await membersOf(sandboxTenant);
      const demoPeople = await membersOf(demo.id);
      const tasksOf = (tenantId: string) =>
        tx.select().from(schema.workTasks).where(eq(schema.workTasks.tenantId, tenantId));
      const demoTasks = await tasksOf(demo.id);
      const tasks = await tasksOf(sandboxTenant);
      expect(tasks.length).toBe(demoTasks.length);
      // The demo's tasks were given by someone: so are the copies, each by the copy of that person.
      expect(demoTasks.some((t) => t.assignerUserId !== null)).toBe(true);
      for (const column of ["assignedUserId", "assignerUserId"] as const) {
        expect(tasks.map((t) => t[column] === null)).toEqual(demoTasks.map((t) => t[column] === null));
        for (const task of tasks) {
          const person = task[column];
          if (person === null) continue;
          expect(sandboxPeople.has(person), `${column} ${person}`).toBe(true);
          expect(demoPeople.has(person), `${column} ${person}`).toBe(false);
        }
      }
      const notes = await tx
        .select()
        .from(schema.workTaskHellos)
        .where(eq(schema.workTaskHellos.tenantId, sandboxTenant));
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        if (note.authorUserId === null) continue;
        expect(sandboxPeople.has(note.authorUserId)).toBe(true);
      }
      expect(notes.some((n) => n.authorUserId !== null)).toBe(true);
    });
  });

  it("allows at most 5 new sandboxes per client address and hour (429 too_many_requests)", async () => {
    await resetDemoLimit();
    for (let i = 0; i < 5; i++) await tryTheDemo();
    const refused = await server.fetch("/api/public/demo", {
      method: "POST",
      headers: { origin: server.base },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error_key: string }).error_key).toBe("too_many_requests");
    expect(refused.headers.get("set-cookie")).toBeNull();
    // Another address is not held back by this one.
    const { caller, cookies } = await callerFor(
      db.db,
      { name: "anon", cookie: null, userId: null },
      null,
      "10.66.1.1",
    );
    await caller.demo.start();
    expect(cookies).toHaveLength(1);
    await resetDemoLimit();
  });

  it("removes a sandbox 24 hours after it was made, with its organisations, people, sessions and mails", async () => {
    const now = Date.now();
    const old = await createSandbox(db.db, new Date(now - 24 * 3_600_000 - 1000));
    const young = await createSandbox(db.db, new Date(now - 23 * 3_600_000));
    await createSession(db.db, old.visitorId, "active");
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${old.visitorId}, true)`);
      await enqueueMail(tx, {
        to: "kept@example.test",
        kind: "resetCode",
        language: "en",
        vars: { code: "12345678" },
      });
    });
    const count = async (sandboxId: string) =>
      asOwner(db.owner, async (tx) => ({
        tenants: (await tx.select().from(schema.tenants).where(eq(schema.tenants.sandboxId, sandboxId)))
          .length,
        users: (await tx.select().from(schema.users).where(eq(schema.users.sandboxId, sandboxId))).length,
        mails: (await tx.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.sandboxId, sandboxId)))
          .length,
      }));
    const oldBefore = await count(old.sandboxId);
    expect(oldBefore.tenants).toBe(2);
    expect(oldBefore.users).toBeGreaterThan(1);
    expect(oldBefore.mails).toBe(1);
    const oldPeople = (
      await db.owner
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.sandboxId, old.sandboxId))
    ).map((u) => u.id);

    // A minute before its 24 hours nothing goes; at 24 hours it does (the request role runs it).
    await removeExpiredSandboxes(db.db, new Date(now - 61_000));
    expect(await count(old.sandboxId)).toEqual(oldBefore);
    expect(await removeExpiredSandboxes(db.db, new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await count(old.sandboxId)).toEqual({ tenants: 0, users: 0, mails: 0 });
    const leftovers = await asOwner(db.owner, async (tx) => ({
      sessions: await tx.select().from(schema.sessions).where(inArray(schema.sessions.userId, oldPeople)),
      memberships: await tx
        .select()
        .from(schema.memberships)
        .where(inArray(schema.memberships.tenantId, old.tenantIds)),
      values: await tx
        .select()
        .from(schema.tenantValues)
        .where(inArray(schema.tenantValues.tenantId, old.tenantIds)),
    }));
    expect(leftovers).toEqual({ sessions: [], memberships: [], values: [] });
    expect((await count(young.sandboxId)).tenants).toBe(2);
  });

  it("runs the clean-up as a pg-boss job scheduled when the server starts", async () => {
    const expired = await createSandbox(db.db, new Date(Date.now() - 25 * 3_600_000));
    const jobs = await startJobs(inject("ownerUrl"), db.db, log, "http://localhost", {
      secretsKey: TEST_CONFIG.secretsKey,
    });
    try {
      const schedules = await jobs.boss.getSchedules(SANDBOX_CLEANUP_QUEUE);
      expect(schedules.map((s) => s.cron)).toEqual([SANDBOX_CLEANUP_CRON]);
      await jobs.boss.send(SANDBOX_CLEANUP_QUEUE);
      const deadline = Date.now() + 20_000;
      let left = 1;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        left = (
          await db.owner
            .select()
            .from(schema.demoSandboxes)
            .where(eq(schema.demoSandboxes.id, expired.sandboxId))
        ).length;
      }
      expect(left).toBe(0);
    } finally {
      await jobs.stop();
    }
    // A second start (another instance, a restart) finds its queue and schedule already there.
    const again = await startJobs(inject("ownerUrl"), db.db, log, "http://localhost", {
      secretsKey: TEST_CONFIG.secretsKey,
    });
    await again.stop();
  });
});

describe("the outbox keeps no secret once a mail is sent or given up (issue 6.10)", () => {
  const enqueue = async (to: string, code: string) => {
    await db.db.transaction((tx) =>
      enqueueMail(tx, { to, kind: "resetCode", language: "en", vars: { code } }),
    );
    const [row] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to));
    if (!row) throw new Error("not queued");
    return row;
  };

  it("a sent mail keeps its record without the code", async () => {
    const to = `sent-${Date.now()}@example.test`;
    const pending = await enqueue(to, "48151623");
    expect(pending.state).toBe("pending");
    expect(pending.text).toContain("48151623");
    await deliverAll();
    expect(received.find((m) => m.to === to)?.raw).toContain("48151623");
    const [row] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, pending.id));
    expect(row?.state).toBe("sent");
    expect(row?.sentAt).not.toBeNull();
    expect(row?.subject).toBe(pending.subject);
    expect(row?.text).not.toContain("48151623");
    expect(row?.text).toContain("[removed]");
    expect(row?.redactedText).toBeNull();
  });

  it("a mail given up after the last retry keeps its record without the code", async () => {
    await deliverAll();
    const to = `refused-${Date.now()}@example.test`;
    const pending = await enqueue(to, "27182818");
    // Nine failed tries already; the tenth goes to a port where nothing listens.
    await db.owner.update(schema.mailOutbox).set({ attempts: 9 }).where(eq(schema.mailOutbox.id, pending.id));
    const closed = new SMTPServer({ disabledCommands: ["STARTTLS"] });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await deliverDueMails(db.system, { ...smtpConfig(), port: deadPort }, log);
    const [row] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, pending.id));
    expect(row?.state).toBe("failed");
    expect(row?.attempts).toBe(10);
    expect(row?.lastError).toBeTruthy();
    expect(row?.text).not.toContain("27182818");
    // Given up: a working server later does not get it either.
    await deliverAll();
    expect(received.some((m) => m.to === to)).toBe(false);
  });

  it("a mail below the last retry keeps its code for the next try", async () => {
    await deliverAll();
    const to = `retry-${Date.now()}@example.test`;
    const pending = await enqueue(to, "16180339");
    await db.owner.update(schema.mailOutbox).set({ attempts: 3 }).where(eq(schema.mailOutbox.id, pending.id));
    await deliverDueMails(db.system, { ...smtpConfig(), port: 1 }, log);
    const [row] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, pending.id));
    expect(row?.state).toBe("pending");
    expect(row?.text).toContain("16180339");
    await db.owner
      .update(schema.mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(schema.mailOutbox.id, pending.id));
    await deliverAll();
    expect(received.find((m) => m.to === to)?.raw).toContain("16180339");
  });

  it("without SMTP the log gets the whole mail and the outbox only the redacted one", async () => {
    await deliverAll();
    const to = `logged-${Date.now()}@example.test`;
    const pending = await enqueue(to, "31415926");
    const logged: Array<{ mail?: { to: string; text: string } }> = [];
    await deliverDueMails(db.system, null, { info: (obj) => logged.push(obj as never), warn: () => {} });
    expect(logged.find((l) => l.mail?.to === to)?.mail?.text).toContain("31415926");
    const [row] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, pending.id));
    expect(row?.state).toBe("logged");
    expect(row?.text).not.toContain("31415926");
  });
});
