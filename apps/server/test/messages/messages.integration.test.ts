import { SYSTEM_ROLE, schema, type Tx, withScope } from "@kunto/db";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoMessages } from "../../../../packages/api/src/demo/seed-messages";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/** The message center (document 3 §2-§8) over HTTP against the real database. */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Actor;
let member: Actor;
let loner: Actor;
let tenantId: string;

beforeAll(async () => {
  server = await startServer(db.db);
  tenantId = (await makeTenant(db.owner)).id;
  admin = await actorFor(db.db, "platform admin", (await makeUser(db.owner, { systemRoles: ["admin"] })).id);
  member = await actorFor(db.db, "member", (await makeUser(db.owner, { tenantId })).id);
  loner = await actorFor(db.db, "no organisation", (await makeUser(db.owner)).id);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const call = (actor: Actor | null, method: string, path: string, body?: unknown) =>
  rest(server, { actor, method, path: `/api${path}`, tenantId, body });

const draft = (extra: Record<string, unknown> = {}) => ({
  author: "Ada Admin",
  title: `Title ${Math.random()}`,
  message: "Hello **world**",
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) =>
  outputOf("messageCenter.create", await call(admin, "POST", "/messagecenter", draft(extra)));
const published = async () => outputOf("messageCenter.list", await call(member, "GET", "/messagecenter"));
const latest = async (actor: Actor) =>
  outputOf("messageCenter.latest", await call(actor, "GET", "/messagecenter/latest"));

describe("writing messages (platform admins)", () => {
  it("creates with the defaults: release notes, unpublished, not sticky", async () => {
    const created = await create();
    expect(created).toMatchObject({ category: "release_notes", published: false, sticky: false });
    const read = outputOf("messageCenter.get", await call(admin, "GET", `/messagecenter/${created.id}`));
    expect(read).toEqual(created);
  });

  it("answers POST /api/messagecenter/ with the trailing slash too", async () => {
    const answer = await call(admin, "POST", "/messagecenter/", draft({ category: "news" }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ category: "news", published: false });
  });

  it("requires category, author, title and message", async () => {
    for (const field of ["author", "title", "message"]) {
      const answer = await call(admin, "POST", "/messagecenter", draft({ [field]: "  " }));
      expect(answer.status).toBe(400);
      expect(errorOf(answer).error_key).toBe("validation_failed");
      expect(errorOf(answer).data?.fields?.[field]).toBe("required");
    }
    const noCategory = await call(admin, "POST", "/messagecenter", draft({ category: "blog" }));
    expect(noCategory.status).toBe(400);
    const unknown = await call(admin, "POST", "/messagecenter", draft({ createdAt: "2020-01-01" }));
    expect(unknown.status).toBe(400);
    const long = await call(admin, "POST", "/messagecenter", draft({ title: "x".repeat(201) }));
    expect(errorOf(long).data?.fields?.title).toBe("too_long");
  });

  it("saves an existing message and answers it as stored", async () => {
    const created = await create();
    const answer = await call(
      admin,
      "PUT",
      `/messagecenter/${created.id}`,
      draft({ title: "Changed", category: "news", published: true, sticky: true }),
    );
    expect(outputOf("messageCenter.update", answer)).toMatchObject({
      id: created.id,
      title: "Changed",
      category: "news",
      published: true,
      sticky: true,
      createdAt: created.createdAt,
    });
  });

  it("deletes a message; an unknown id answers 404, a malformed one 400", async () => {
    const created = await create();
    expect((await call(admin, "DELETE", `/messagecenter/${created.id}`)).status).toBe(200);
    const unknownId = created.id;
    expect(errorOf(await call(admin, "GET", `/messagecenter/${unknownId}`)).error_key).toBe("not_found");
    expect((await call(admin, "PUT", `/messagecenter/${unknownId}`, draft())).status).toBe(404);
    expect((await call(admin, "DELETE", `/messagecenter/${unknownId}`)).status).toBe(404);
    expect((await call(admin, "GET", "/messagecenter/not-an-id")).status).toBe(400);
  });

  it("refuses every admin call to other users and to no one signed in", async () => {
    const created = await create();
    const calls: [string, string, unknown?][] = [
      ["GET", "/messagecenter/admin"],
      ["GET", `/messagecenter/${created.id}`],
      ["POST", "/messagecenter", draft()],
      ["PUT", `/messagecenter/${created.id}`, draft()],
      ["DELETE", `/messagecenter/${created.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect(errorOf(await call(member, method, path, body)).error_key).toBe("access_denied");
      expect(errorOf(await call(null, method, path, body)).error_key).toBe("not_signed_in");
    }
    for (const path of ["/messagecenter", "/messagecenter/latest"])
      expect(errorOf(await call(null, "GET", path)).error_key).toBe("not_signed_in");
    expect((await call(null, "POST", "/messagecenter/read")).status).toBe(401);
  });
});

describe("reading messages (every signed-in user)", () => {
  it("lists only published messages, sticky first, then newest first", async () => {
    const hidden = await create({ published: false });
    const old = await create({ published: true });
    const pinned = await create({ published: true, sticky: true });
    const fresh = await create({ published: true, category: "news" });
    const ids = (await published()).map((message) => message.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(pinned.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(old.id));
    // A user without an organisation reads them too (no X-tenant-id needed).
    const alone = await rest(server, { actor: loner, method: "GET", path: "/api/messagecenter" });
    expect(outputOf("messageCenter.list", alone).map((message) => message.id)).toContain(fresh.id);
  });

  it("counts what was published since the user last opened the message center", async () => {
    const before = await latest(loner);
    expect(before.readAt).toBeNull();
    expect(before.unread).toBe((await published()).length);
    outputOf("messageCenter.markRead", await call(loner, "POST", "/messagecenter/read"));
    expect((await latest(loner)).unread).toBe(0);
    const draftOnly = await create();
    expect((await latest(loner)).unread).toBe(0);
    const news = await create({ published: true });
    const after = await latest(loner);
    expect(after.unread).toBe(1);
    expect(after.latestPublishedAt).not.toBeNull();
    // Publishing a draft later counts it, although it was created before the read.
    await call(admin, "PUT", `/messagecenter/${draftOnly.id}`, draft({ published: true }));
    expect((await latest(loner)).unread).toBe(2);
    // Another user's read leaves this one's count alone.
    await call(member, "POST", "/messagecenter/read");
    expect((await latest(loner)).unread).toBe(2);
    await call(admin, "DELETE", `/messagecenter/${news.id}`);
    expect((await latest(loner)).unread).toBe(1);
  });
});

describe("the admin table", () => {
  it("pages every message newest first and cuts the message at 100 characters", async () => {
    const long = await create({ message: "a".repeat(150) });
    const short = await create({ message: "short" });
    const first = outputOf(
      "messageCenter.admin",
      await call(admin, "GET", "/messagecenter/admin?page=1&pageSize=50"),
    );
    expect(first.items[0]?.id).toBe(short.id);
    const row = first.items.find((item) => item.id === long.id);
    expect(row).toMatchObject({ preview: "a".repeat(100), truncated: true });
    expect(first.items[0]).toMatchObject({ preview: "short", truncated: false });
    const all = outputOf(
      "messageCenter.admin",
      await call(admin, "GET", "/messagecenter/admin?pageSize=all"),
    );
    expect(all.items).toHaveLength(all.total);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const second = outputOf(
      "messageCenter.admin",
      await call(admin, "GET", `/messagecenter/admin?page=${all.total}&pageSize=50`),
    );
    expect(second.items).toHaveLength(0);
    expect((await call(admin, "GET", "/messagecenter/admin?pageSize=7")).status).toBe(400);
  });

  it("pages in SQL: a page holds at most pageSize rows", async () => {
    const rows = Array.from({ length: 55 }, (_, i) => ({
      title: `Bulk ${i}`,
      message: "m",
      category: "news" as const,
      author: "Seeder",
    }));
    await asOwner(db.owner, (tx) => tx.insert(schema.messages).values(rows));
    const page = outputOf("messageCenter.admin", await call(admin, "GET", "/messagecenter/admin?page=2"));
    expect(page.total).toBeGreaterThanOrEqual(55);
    expect(page.items.length).toBe(Math.min(50, page.total - 50));
  });
});

describe("row-level security (the database's own wall)", () => {
  it("lets the request role read published rows only and write none", async () => {
    const hidden = await create();
    const shown = await create({ published: true });
    const userId = member.userId as string;
    const seen = await withScope(db.db, { userId, tenantId }, (tx) =>
      tx
        .select({ id: schema.messages.id })
        .from(schema.messages)
        .where(inArray(schema.messages.id, [hidden.id, shown.id])),
    );
    expect(seen.map((row) => row.id)).toEqual([shown.id]);
    await expect(
      withScope(db.db, { userId, tenantId }, (tx) =>
        tx.insert(schema.messages).values({ title: "x", message: "x", category: "news", author: "x" }),
      ),
    ).rejects.toThrow();
    const changed = await withScope(db.db, { userId, tenantId }, (tx) =>
      tx.update(schema.messages).set({ title: "hacked" }).where(eq(schema.messages.id, shown.id)).returning(),
    );
    expect(changed).toHaveLength(0);
  });

  it("keeps each user's read time to that user", async () => {
    await call(member, "POST", "/messagecenter/read");
    const others = await withScope(db.db, { userId: loner.userId as string, tenantId: null }, (tx) =>
      tx
        .select()
        .from(schema.messageReads)
        .where(eq(schema.messageReads.userId, member.userId as string)),
    );
    expect(others).toHaveLength(0);
  });
});

describe("the documented paths", () => {
  it("are all in /api/openapi.json", async () => {
    const document = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methods("/messagecenter/latest")).toContain("get");
    expect(methods("/messagecenter")).toEqual(expect.arrayContaining(["get", "post"]));
    expect(methods("/messagecenter/admin")).toContain("get");
    expect(methods("/messagecenter/{id}")).toEqual(expect.arrayContaining(["delete", "get", "put"]));
  });
});

describe("the demo's messages", () => {
  it("seeds published release notes and news once, into an empty message center only", async () => {
    const undo = new Error("roll back");
    const seen = await db.owner
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${SYSTEM_ROLE}`));
        await tx.delete(schema.messages);
        const first = await seedDemoMessages(tx as unknown as Tx);
        const again = await seedDemoMessages(tx as unknown as Tx);
        const rows = await tx.select().from(schema.messages);
        throw Object.assign(undo, { result: { first, again, rows } });
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
        return (
          undo as Error & {
            result: { first: number; again: number; rows: (typeof schema.messages.$inferSelect)[] };
          }
        ).result;
      });
    expect(seen.first).toBeGreaterThanOrEqual(2);
    expect(seen.again).toBe(0);
    expect(seen.rows).toHaveLength(seen.first);
    expect(seen.rows.every((row) => row.published && row.publishedAt)).toBe(true);
    expect(new Set(seen.rows.map((row) => row.category))).toEqual(new Set(["release_notes", "news"]));
  });
});
