import { refreshNotifications, SANDBOX_GOING_MS } from "@kunto/api";
import { createSystemDb, schema } from "@kunto/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type Actor,
  actorFor,
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Notifications (issue 8, document 2 §3, §7): made by the scheduled job from real conditions, one
 * per admin and type, listed newest first, read per person, gone once resolved, and fenced by
 * organisation and person.
 */
const db = connect();
const system = createSystemDb(inject("ownerUrl"), { max: 2 });
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await system.close();
  await db.close();
});

const ADDRESS = { streetAddress: "Hämeenkatu 1", zipCode: "33100", city: "Tampere" };

async function organisation(values: Partial<typeof schema.tenants.$inferInsert> = {}) {
  const tenant = await makeTenant(db.owner, values);
  const adminUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const basicUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
  const admin = await actorFor(db.db, "admin", adminUser.id);
  const basic = await actorFor(db.db, "basic", basicUser.id);
  return { tenant, adminUser, admin, basic };
}

const listFor = async (actor: Actor, tenantId: string) =>
  (await callerFor(db.db, actor, tenantId)).caller.notification.list();
const typesFor = async (actor: Actor, tenantId: string) =>
  (await listFor(actor, tenantId)).map((n) => n.type).sort();

const rowsOf = (tenantId: string) =>
  asOwner(db.owner, (tx) =>
    tx.select().from(schema.notifications).where(eq(schema.notifications.tenantId, tenantId)),
  );

describe("the notifications job", () => {
  it("notifies each admin of the missing D-U-N-S number, address and e-mail subscriptions, never twice", async () => {
    const { tenant, admin, basic } = await organisation();
    await refreshNotifications(system.system);
    expect(await typesFor(admin, tenant.id)).toEqual([
      "DUNS_NUMBER_MISSING",
      "NOTICE_EMAIL_SUBSCRIPTIONS",
      "TENANT_ADDRESS_MISSING",
    ]);
    // Basic members get none: every notification leads to an admin's screen.
    expect(await listFor(basic, tenant.id)).toEqual([]);
    await refreshNotifications(system.system);
    expect(await rowsOf(tenant.id)).toHaveLength(3);
    const [first] = await listFor(admin, tenant.id);
    expect(first).toMatchObject({ color: expect.any(String), titleText: expect.any(String) });
  });

  it("notifies when no survey has started for six months, and stops once one has", async () => {
    const { tenant, admin } = await organisation({ ...ADDRESS, dunsNumber: "123456789" });
    const now = new Date();
    await refreshNotifications(system.system, now);
    // A new organisation is not told off for not having surveyed yet.
    expect(await typesFor(admin, tenant.id)).toEqual(["NOTICE_EMAIL_SUBSCRIPTIONS"]);
    const later = new Date(now.getTime() + 190 * DAY);
    await refreshNotifications(system.system, later);
    expect((await rowsOf(tenant.id)).map((n) => n.type).sort()).toEqual([
      "NOTICE_EMAIL_SUBSCRIPTIONS",
      "SURVEY_OVER_X_MONTHS",
    ]);
    await makeSharedSurvey(db.owner, tenant.id, {
      startsAt: new Date(later.getTime() - DAY),
      endsAt: new Date(later.getTime() + DAY),
    });
    await refreshNotifications(system.system, later);
    expect((await rowsOf(tenant.id)).map((n) => n.type)).toEqual(["NOTICE_EMAIL_SUBSCRIPTIONS"]);
  });

  it("lists newest first and drops a resolved condition at once, the job then removes its row", async () => {
    const { tenant, adminUser, admin } = await organisation();
    await refreshNotifications(system.system);
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.notifications)
        .set({ createdAt: new Date(Date.now() - DAY) })
        .where(
          and(
            eq(schema.notifications.tenantId, tenant.id),
            eq(schema.notifications.type, "DUNS_NUMBER_MISSING"),
          ),
        ),
    );
    const list = await listFor(admin, tenant.id);
    expect(list.at(-1)?.type).toBe("DUNS_NUMBER_MISSING");
    const times = list.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    await asOwner(db.owner, (tx) =>
      tx.update(schema.tenants).set(ADDRESS).where(eq(schema.tenants.id, tenant.id)),
    );
    await asOwner(db.owner, (tx) =>
      tx
        .insert(schema.emailSubscriptions)
        .values({ tenantId: tenant.id, userId: adminUser.id, type: "survey_end" }),
    );
    expect(await typesFor(admin, tenant.id)).toEqual(["DUNS_NUMBER_MISSING"]);
    await refreshNotifications(system.system);
    expect((await rowsOf(tenant.id)).map((n) => n.type)).toEqual(["DUNS_NUMBER_MISSING"]);
  });

  it("leaves a demo sandbox near its end to the clean-up (no deadlock with its cascade), refreshes one with time left", async () => {
    const now = new Date();
    const sandboxFor = async (expiresAt: Date) => {
      const [sandbox] = await asOwner(db.owner, (tx) =>
        tx.insert(schema.demoSandboxes).values({ expiresAt }).returning(),
      );
      const made = await organisation({ sandboxId: sandbox?.id });
      // A notice whose condition no longer holds: the address is there.
      await asOwner(db.owner, async (tx) => {
        await tx.update(schema.tenants).set(ADDRESS).where(eq(schema.tenants.id, made.tenant.id));
        await tx
          .insert(schema.notifications)
          .values({ tenantId: made.tenant.id, userId: made.adminUser.id, type: "TENANT_ADDRESS_MISSING" });
      });
      return made.tenant.id;
    };
    const going = await sandboxFor(new Date(now.getTime() + SANDBOX_GOING_MS - 60_000));
    const staying = await sandboxFor(new Date(now.getTime() + SANDBOX_GOING_MS + 60_000));
    await refreshNotifications(system.system, now);
    // Near its end: nothing made, nothing removed.
    expect((await rowsOf(going)).map((n) => n.type)).toEqual(["TENANT_ADDRESS_MISSING"]);
    // With time left: the stale notice removed, the ones that hold made.
    expect((await rowsOf(staying)).map((n) => n.type).sort()).toEqual([
      "DUNS_NUMBER_MISSING",
      "NOTICE_EMAIL_SUBSCRIPTIONS",
    ]);
  });
});

describe("reading a notification", () => {
  it("marks it read for that person only; it does not come back while its condition holds", async () => {
    const { tenant, admin } = await organisation();
    const secondAdminUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const secondAdmin = await actorFor(db.db, "admin2", secondAdminUser.id);
    await refreshNotifications(system.system);
    const [first] = await listFor(admin, tenant.id);
    if (!first) throw new Error("no notification");
    const { caller } = await callerFor(db.db, admin, tenant.id);
    expect(await caller.notification.read({ id: first.id })).toEqual({ ok: true });
    expect((await listFor(admin, tenant.id)).map((n) => n.id)).not.toContain(first.id);
    expect(await typesFor(secondAdmin, tenant.id)).toContain(first.type);
    await refreshNotifications(system.system);
    expect((await listFor(admin, tenant.id)).map((n) => n.type)).not.toContain(first.type);
    // Reading again changes nothing.
    expect(await caller.notification.read({ id: first.id })).toEqual({ ok: true });
  });

  it("answers not_found for another person's or another organisation's notification", async () => {
    const a = await organisation();
    const b = await organisation();
    const secondAdminUser = await makeUser(db.owner, {
      tenantId: a.tenant.id,
      tenantRoles: ["tenant_admin"],
    });
    const secondAdmin = await actorFor(db.db, "admin2", secondAdminUser.id);
    await refreshNotifications(system.system);
    const [own] = await listFor(a.admin, a.tenant.id);
    if (!own) throw new Error("no notification");
    const otherPerson = (await callerFor(db.db, secondAdmin, a.tenant.id)).caller;
    await expect(otherPerson.notification.read({ id: own.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const otherOrganisation = (await callerFor(db.db, b.admin, b.tenant.id)).caller;
    await expect(otherOrganisation.notification.read({ id: own.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Still unread for its owner.
    expect((await listFor(a.admin, a.tenant.id)).map((n) => n.id)).toContain(own.id);
  });

  it("works over REST at the documented paths", async () => {
    const { tenant, admin } = await organisation();
    await refreshNotifications(system.system);
    const headers = { cookie: admin.cookie ?? "", "x-tenant-id": tenant.id, origin: server.base };
    const listed = await server.fetch("/api/tenant/notification", { headers });
    expect(listed.status).toBe(200);
    const list = (await listed.json()) as Array<{ id: string; type: string }>;
    expect(list).toHaveLength(3);
    const id = list[0]?.id;
    const read = await server.fetch(`/api/tenant/notification/${id}/read`, { method: "POST", headers });
    expect(read.status).toBe(200);
    const again = await server.fetch("/api/tenant/notification", { headers });
    expect(((await again.json()) as unknown[]).length).toBe(2);
    const missing = await server.fetch(`/api/tenant/notification/${crypto.randomUUID()}/read`, {
      method: "POST",
      headers,
    });
    expect(missing.status).toBe(404);
  });
});
