import { randomUUID } from "node:crypto";
import { schema, withScope } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Actor,
  actorFor,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 22, document 3 §3–§7 "Work tasks" and "Other": the paged list, the create / edit rules per
 * role (§6), and the hello notes, through the procedures and over REST on a real PostgreSQL.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function account() {
  const tenant = await makeTenant(db.owner, { plan: "FREE" });
  const member = async (roles: string[], name = "member") => {
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: roles });
    const actor = await actorFor(db.db, name, user.id);
    return { user, actor, caller: (await callerFor(db.db, actor, tenant.id)).caller };
  };
  return { tenant, member, admin: await member(["tenant_admin"], "admin") };
}

const keyOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return (error as { message: string }).message;
  }
};

const call = (actor: Actor, tenantId: string, method: string, path: string, body?: unknown) =>
  rest(server, { actor, tenantId, method, path: `/api${path}`, body });

describe("work tasks (document 3 §3–§7)", () => {
  it("creates a task RECEIVED, lets any status be chosen, and requires title and message", async () => {
    const { admin, member } = await account();
    const basic = await member(["tenant_basic"]);
    expect(await keyOf(admin.caller.workTask.create({ title: "Fix door", message: " " }))).toBe(
      "required_fields",
    );
    expect(await keyOf(admin.caller.workTask.create({ title: "", message: "Door squeaks" }))).toBe(
      "required_fields",
    );
    const task = await admin.caller.workTask.create({
      title: "Fix door",
      message: "Door squeaks",
      assignedUserId: basic.user.id,
    });
    expect(task).toMatchObject({
      status: "RECEIVED",
      assignedUserId: basic.user.id,
      assignerUserId: admin.user.id,
      assignedUser: { firstName: "Test", lastName: "Person" },
    });
    const waiting = await admin.caller.workTask.create({
      title: "Order",
      message: "Paper",
      status: "WAITING",
    });
    expect(waiting.status).toBe("WAITING");
    expect((await admin.caller.workTask.setStatus({ id: task.id, status: "DONE" })).status).toBe("DONE");
    expect(await keyOf(admin.caller.workTask.update({ id: task.id, message: "" }))).toBe("required_fields");
    expect(
      await keyOf(admin.caller.workTask.create({ title: "A", message: "B", assignedUserId: randomUUID() })),
    ).toBe("worktask_assignee_unknown");
  });

  it("pages in SQL with status, assignee and search filters and sortBy; the default filter leaves DONE out", async () => {
    const { admin, member, tenant } = await account();
    const basic = await member(["tenant_basic"]);
    for (let i = 0; i < 7; i++)
      await admin.caller.workTask.create({
        title: `Task ${i} ${i % 2 ? "odd" : "even"}`,
        message: i === 3 ? "needs 100% care_now" : "plain",
        status: i === 6 ? "DONE" : "RECEIVED",
        assignedUserId: i < 2 ? basic.user.id : null,
      });
    const open = ["RECEIVED", "WAITING", "INPROGRESS"] as const;
    const page = await admin.caller.workTask.paged({
      pageNo: 1,
      pageSize: 2,
      sortBy: "title:ASC",
      statuses: [...open],
    });
    expect(page.totalElements).toBe(6);
    expect(page.content.map((t) => t.title)).toEqual(["Task 2 even", "Task 3 odd"]);
    const all = await admin.caller.workTask.paged({ pageNo: 0, pageSize: 0, sortBy: "title:DESC" });
    expect(all.content).toHaveLength(7);
    expect(all.content[0]?.title).toBe("Task 6 even");
    const mine = await admin.caller.workTask.paged({ assignedUserIds: [basic.user.id] });
    expect(mine.totalElements).toBe(2);
    // `%` and `_` are plain characters of a word (docs/decisions.md "Search at volume").
    expect((await admin.caller.workTask.paged({ searchString: "100%" })).totalElements).toBe(1);
    expect((await admin.caller.workTask.paged({ searchString: "k_0" })).totalElements).toBe(0);
    expect((await admin.caller.workTask.paged({ searchString: "ODD" })).totalElements).toBe(3);
    expect(await keyOf(admin.caller.workTask.paged({ sortBy: "secret:ASC" }))).toBe("validation_failed");
    expect(await keyOf(admin.caller.workTask.paged({ sortBy: "title:SIDEWAYS" }))).toBe("validation_failed");

    // REST: page, size and sort in the query, the filters in the body.
    const answer = await call(
      admin.actor,
      tenant.id,
      "POST",
      "/tenant/worktask/paged?pageNo=0&pageSize=3&sortBy=title:DESC",
      {
        searchString: "",
        statuses: [...open],
        assignedUserIds: [],
      },
    );
    const body = outputOf("workTask.paged", answer);
    expect(body.totalElements).toBe(6);
    expect(body.content.map((t) => t.title)).toEqual(["Task 5 odd", "Task 4 even", "Task 3 odd"]);
    const bad = await call(admin.actor, tenant.id, "POST", "/tenant/worktask/paged?pageSize=abc", {});
    expect(bad.status).toBe(400);
    expect(errorOf(bad).error_key).toBe("validation_failed");
  });

  it("search at volume: words of title and message starting with what is typed, each narrowing; terms follow changes", async () => {
    const mine = await account();
    const theirs = await account();
    const titles = async (who: typeof mine, searchString: string) =>
      (await who.admin.caller.workTask.paged({ searchString, sortBy: "title:ASC" })).content.map(
        (t) => t.title,
      );
    const invoice = await mine.admin.caller.workTask.create({
      title: "Send invoice 2025-17",
      message: "Customer asked for a copy by e-mail: ap@firm.fi",
    });
    await mine.admin.caller.workTask.create({
      title: "Invoice reminder",
      message: "Second reminder, 50%_off",
    });
    await theirs.admin.caller.workTask.create({ title: "Send invoice 2025-17", message: "theirs" });
    expect(await titles(mine, "invo")).toEqual(["Invoice reminder", "Send invoice 2025-17"]);
    expect((await mine.admin.caller.workTask.paged({ searchString: "invo" })).totalElements).toBe(2);
    expect(await titles(mine, "invo remi")).toEqual(["Invoice reminder"]);
    expect(await titles(mine, "COPY invoice")).toEqual(["Send invoice 2025-17"]);
    expect(await titles(mine, "invo nothing")).toEqual([]);
    // A word in the middle of another word is not found.
    expect(await titles(mine, "voice")).toEqual([]);
    // Words of the message; an e-mail whole and by its parts; a number with its dash.
    expect(await titles(mine, "ap@firm")).toEqual(["Send invoice 2025-17"]);
    expect(await titles(mine, "firm")).toEqual(["Send invoice 2025-17"]);
    expect(await titles(mine, "2025-1")).toEqual(["Send invoice 2025-17"]);
    // `%` and `_` are plain characters.
    expect(await titles(mine, "50%_")).toEqual(["Invoice reminder"]);
    expect(await titles(mine, "50_")).toEqual([]);
    expect(await titles(mine, "%")).toEqual([]);
    // Renamed: found by its new title only.
    await mine.admin.caller.workTask.update({ id: invoice.id, title: "Send statement" });
    expect(await titles(mine, "invo")).toEqual(["Invoice reminder"]);
    expect(await titles(mine, "statem")).toEqual(["Send statement"]);
    // Deleted: its terms go with it.
    const terms = schema.workTaskSearchTerms;
    const termsOf = (id: string) =>
      withScope(db.db, { userId: null, tenantId: mine.tenant.id }, (tx) =>
        tx.select({ term: terms.term }).from(terms).where(eq(terms.workTaskId, id)),
      );
    expect((await termsOf(invoice.id)).length).toBeGreaterThan(0);
    await mine.admin.caller.workTask.delete({ id: invoice.id });
    expect(await termsOf(invoice.id)).toEqual([]);
    expect(await titles(mine, "statem")).toEqual([]);
    // Row-level security: the other organisation's task is found only there; its scope sees no
    // term of this one.
    expect(await titles(mine, "send")).toEqual([]);
    expect(await titles(theirs, "send invo")).toEqual(["Send invoice 2025-17"]);
    const seen = await withScope(db.db, { userId: null, tenantId: theirs.tenant.id }, (tx) =>
      tx.select({ t: terms.tenantId }).from(terms),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.t === theirs.tenant.id)).toBe(true);
  });

  it("basic members see only their own tasks (assigned to them or made by them) and cannot create", async () => {
    const { admin, member, tenant } = await account();
    const basic = await member(["tenant_basic"]);
    const assigned = await admin.caller.workTask.create({
      title: "Yours",
      message: "m",
      assignedUserId: basic.user.id,
    });
    const others = await admin.caller.workTask.create({ title: "Not yours", message: "m" });
    // An admin made basic later: a task made by them stays theirs.
    const former = await member(["tenant_admin"]);
    const made = await former.caller.workTask.create({ title: "Made by me", message: "m" });
    expect(await keyOf(basic.caller.workTask.create({ title: "x", message: "y" }))).toBe("access_denied");
    const seen = (await basic.caller.workTask.list()).map((t) => t.id);
    expect(seen).toEqual([assigned.id]);
    expect((await basic.caller.workTask.paged({})).totalElements).toBe(1);
    expect(await keyOf(basic.caller.workTask.get({ id: others.id }))).toBe("not_found");
    expect(await keyOf(basic.caller.workTask.setStatus({ id: others.id, status: "DONE" }))).toBe("not_found");
    expect((await basic.caller.workTask.setStatus({ id: assigned.id, status: "INPROGRESS" })).status).toBe(
      "INPROGRESS",
    );
    // Admins see all.
    expect((await admin.caller.workTask.list()).map((t) => t.id).sort()).toEqual(
      [assigned.id, others.id, made.id].sort(),
    );
    // REST 404 for a task of another organisation.
    const elsewhere = await account();
    const foreign = await elsewhere.admin.caller.workTask.create({ title: "t", message: "m" });
    const answer = await call(admin.actor, tenant.id, "GET", `/tenant/worktask/${foreign.id}`);
    expect(answer.status).toBe(404);
    expect(errorOf(answer).error_key).toBe("not_found");
  });

  it("the assignee is changed only by an admin or the task's assigner", async () => {
    const { admin, member, tenant } = await account();
    const basic = await member(["tenant_basic"]);
    const colleague = await member(["tenant_basic"]);
    const task = await admin.caller.workTask.create({
      title: "t",
      message: "m",
      assignedUserId: basic.user.id,
    });
    expect(
      await keyOf(basic.caller.workTask.update({ id: task.id, assignedUserId: colleague.user.id })),
    ).toBe("access_denied");
    // The same assignee, or other fields, are fine for the assignee.
    expect(
      (await basic.caller.workTask.update({ id: task.id, assignedUserId: basic.user.id, title: "t2" })).title,
    ).toBe("t2");
    expect(
      (await admin.caller.workTask.update({ id: task.id, assignedUserId: colleague.user.id })).assignedUserId,
    ).toBe(colleague.user.id);
    // A basic member who assigned a task (an admin then) may reassign it.
    const assigner = await member(["tenant_admin"]);
    const own = await assigner.caller.workTask.create({
      title: "o",
      message: "m",
      assignedUserId: basic.user.id,
    });
    await admin.caller.tenant.addRole({ userId: assigner.user.id, role: "tenant_basic" });
    await admin.caller.tenant.removeRole({ userId: assigner.user.id, role: "tenant_admin" });
    const demoted = await callerFor(db.db, assigner.actor, tenant.id);
    expect(await keyOf(demoted.caller.workTask.create({ title: "x", message: "y" }))).toBe("access_denied");
    expect(
      (await demoted.caller.workTask.update({ id: own.id, assignedUserId: colleague.user.id }))
        .assignedUserId,
    ).toBe(colleague.user.id);
  });

  it("delete is for an admin or the assignee; read-only members read only", async () => {
    const { admin, member } = await account();
    const basic = await member(["tenant_basic"]);
    const readonly = await member(["tenant_readonly"]);
    const task = await admin.caller.workTask.create({
      title: "t",
      message: "m",
      assignedUserId: basic.user.id,
    });
    const other = await admin.caller.workTask.create({ title: "u", message: "m" });
    expect((await readonly.caller.workTask.list()).length).toBe(2);
    expect(await keyOf(readonly.caller.workTask.setStatus({ id: task.id, status: "DONE" }))).toBe(
      "access_denied",
    );
    expect(await keyOf(readonly.caller.workTask.update({ id: task.id, title: "x" }))).toBe("access_denied");
    expect(await keyOf(readonly.caller.workTask.delete({ id: task.id }))).toBe("access_denied");
    expect(await keyOf(readonly.caller.workTask.create({ title: "x", message: "y" }))).toBe("access_denied");
    // The assigner of a task, not its assignee, may not delete it.
    const assignee = await member(["tenant_basic"]);
    const assigner = await member(["tenant_admin"]);
    const theirs = await assigner.caller.workTask.create({
      title: "a",
      message: "m",
      assignedUserId: assignee.user.id,
    });
    expect(await keyOf(basic.caller.workTask.delete({ id: theirs.id }))).toBe("not_found");
    expect(await keyOf(basic.caller.workTask.delete({ id: task.id }))).toBe("ok");
    expect(await keyOf(assignee.caller.workTask.delete({ id: theirs.id }))).toBe("ok");
    expect(await keyOf(admin.caller.workTask.delete({ id: other.id }))).toBe("ok");
    expect(await admin.caller.workTask.list()).toEqual([]);
  });
});

describe("work-task totals", () => {
  it("the kept counts follow inserts, changes, reassignment, deletes and a removed member", async () => {
    const { admin, member } = await account();
    const a = await member(["tenant_basic"]);
    const b = await member(["tenant_basic"]);
    const total = async (input: Parameters<typeof admin.caller.workTask.paged>[0]) => {
      const counted = (await admin.caller.workTask.paged(input)).totalElements;
      // The same filters with a search that matches every task count the rows themselves.
      expect((await admin.caller.workTask.paged({ ...input, searchString: "task" })).totalElements).toBe(
        counted,
      );
      return counted;
    };
    const tasks = [];
    for (let i = 0; i < 5; i++)
      tasks.push(
        await admin.caller.workTask.create({
          title: `task ${i}`,
          message: "m",
          assignedUserId: i < 3 ? a.user.id : b.user.id,
        }),
      );
    expect(await total({})).toBe(5);
    expect(await total({ assignedUserIds: [a.user.id] })).toBe(3);
    await admin.caller.workTask.setStatus({ id: tasks[0]?.id as string, status: "DONE" });
    await admin.caller.workTask.update({ id: tasks[1]?.id as string, assignedUserId: b.user.id });
    await admin.caller.workTask.delete({ id: tasks[4]?.id as string });
    expect(await total({ statuses: ["RECEIVED"] })).toBe(3);
    expect(await total({ statuses: ["DONE"] })).toBe(1);
    expect(await total({ assignedUserIds: [b.user.id] })).toBe(2);
    expect((await b.caller.workTask.paged({})).totalElements).toBe(2);
    // A basic member's one-word total counts only their own tasks' terms too.
    expect((await b.caller.workTask.paged({ searchString: "task" })).totalElements).toBe(2);
    // A member removed from the organisation: their tasks stay, unassigned once the user is gone.
    await db.owner.execute(`delete from users where id = '${b.user.id}'`);
    expect(await total({ assignedUserIds: [b.user.id] })).toBe(0);
    expect(await total({})).toBe(4);
  });
});

describe("hello notes (document 3 §7 Other)", () => {
  it("members write and read notes; the author or an admin deletes; read-only members read only", async () => {
    const { admin, member, tenant } = await account();
    const basic = await member(["tenant_basic"]);
    const readonly = await member(["tenant_readonly"]);
    const note = await basic.caller.hello.create({ msg: "  Printer fixed  " });
    expect(note).toMatchObject({ msg: "Printer fixed", authorUserId: basic.user.id, author: "Test Person" });
    expect((await readonly.caller.hello.list()).map((h) => h.id)).toEqual([note.id]);
    expect(await keyOf(readonly.caller.hello.create({ msg: "hi" }))).toBe("access_denied");
    expect(await keyOf(basic.caller.hello.create({ msg: " " }))).toContain("field_required");
    const adminNote = await admin.caller.hello.create({ msg: "Team lunch Friday" });
    expect(await keyOf(basic.caller.hello.delete({ id: adminNote.id }))).toBe("access_denied");
    expect(await keyOf(basic.caller.hello.delete({ id: note.id }))).toBe("ok");
    const again = await basic.caller.hello.create({ msg: "again" });
    expect(await keyOf(admin.caller.hello.delete({ id: again.id }))).toBe("ok");
    expect(await keyOf(admin.caller.hello.delete({ id: randomUUID() }))).toBe("not_found");
    // REST at the documented paths.
    const posted = await call(basic.actor, tenant.id, "POST", "/tenant/hello", { msg: "over REST" });
    expect(posted.status).toBe(200);
    const listed = outputOf("hello.list", await call(basic.actor, tenant.id, "GET", "/tenant/hello"));
    expect(listed.map((h) => h.msg)).toEqual(["over REST", "Team lunch Friday"]);
    const gone = await call(basic.actor, tenant.id, "DELETE", `/tenant/hello/${listed[0]?.id}`);
    expect(gone.status).toBe(200);
    const tooLong = await call(basic.actor, tenant.id, "POST", "/tenant/hello", { msg: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
  });
});
