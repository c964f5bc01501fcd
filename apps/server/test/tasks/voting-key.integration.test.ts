import { randomBytes, randomUUID } from "node:crypto";
import { schema } from "@kunto/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/**
 * Issue 17.10: the public voting page is addressed by the organisation's own voting key, which an
 * admin can replace, instead of its id (which every admin URL and screenshot shows). The id keeps
 * working only until the first new link. Everything over real HTTP, as the board and the page call
 * it.
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

const token = () => randomBytes(24).toString("base64url");

async function member(tenantId: string, roles: string[], userId?: string): Promise<Actor> {
  const id = userId ?? (await makeUser(db.owner, { tenantId, tenantRoles: roles })).id;
  return actorFor(db.db, roles.join("+"), id);
}

/** An organisation with an admin and one open task. */
async function organisation() {
  const tenant = await makeTenant(db.owner, { plan: "PRO" });
  const admin = await member(tenant.id, ["tenant_admin"]);
  const created = await rest(server, {
    method: "POST",
    path: "/api/tenant/task",
    actor: admin,
    tenantId: tenant.id,
    // A help task needs no category, so no seeded content either.
    body: { name: `Task of ${tenant.name}`, type: "personnel_help" },
  });
  const task = outputOf("task.create", created);
  return { tenant, admin, task };
}

const readLink = async (actor: Actor, tenantId: string) =>
  rest(server, { method: "GET", path: "/api/tenant/taskvoting/link", actor, tenantId });

async function linkOf(actor: Actor, tenantId: string) {
  return outputOf("taskVote.link", await readLink(actor, tenantId)).key;
}

const rotateAs = (actor: Actor, tenantId: string) =>
  rest(server, { method: "POST", path: "/api/tenant/taskvoting/link", actor, tenantId });

async function rotate(actor: Actor, tenantId: string) {
  return outputOf("taskVote.rotateLink", await rotateAs(actor, tenantId)).key;
}

/** The four public calls with a link's key, as the voting page sends them. */
const page = {
  tasks: (link: string, session?: string) =>
    rest(server, {
      method: "GET",
      path: `/api/shared/taskvoting/tasks?tenantId=${encodeURIComponent(link)}${session ? `&session=${session}` : ""}`,
    }),
  mine: (link: string, session: string) =>
    rest(server, {
      method: "GET",
      path: `/api/shared/taskvoting/bysession/${session}?tenantId=${encodeURIComponent(link)}`,
    }),
  vote: (link: string, taskId: string, session: string) =>
    rest(server, {
      method: "POST",
      path: "/api/shared/taskvoting",
      body: { tenantId: link, taskId, session },
    }),
  withdraw: (link: string, taskId: string, session: string) =>
    rest(server, {
      method: "DELETE",
      path: `/api/shared/taskvoting/bysession/${session}/${taskId}?tenantId=${encodeURIComponent(link)}`,
    }),
};

/** Every public call with this link answers 404 not_found, and no vote is stored. */
async function refusedEverywhere(link: string, taskId: string) {
  const session = token();
  const answers = [
    await page.tasks(link, session),
    await page.mine(link, session),
    await page.vote(link, taskId, session),
    await page.withdraw(link, taskId, session),
  ];
  expect(answers.map((a) => [a.request.method, a.status, errorOf(a).error_key])).toEqual([
    ["GET", 404, "not_found"],
    ["GET", 404, "not_found"],
    ["POST", 404, "not_found"],
    ["DELETE", 404, "not_found"],
  ]);
}

async function storedVotes(taskId: string) {
  const [row] = await asOwner(db.owner, (tx) =>
    tx.execute<{ rows: number; count: number }>(sql`
      select (select count(*)::int from task_votes where task_id = ${taskId}) as rows,
             (select vote_count from tasks where id = ${taskId}) as count`),
  );
  return row;
}

describe("issue 17.10: the voting page's own key", () => {
  it("issue 17.10: the organisation's id opens the voting page until the first new link and is refused after it", async () => {
    const { tenant, admin, task } = await organisation();
    // Before the first rotation the link is the id, as in document 3 (and every link already sent).
    expect(await linkOf(admin, tenant.id)).toBe(tenant.id);
    const session = token();
    expect(outputOf("publicTaskVoting.tasks", await page.tasks(tenant.id, session)).tenantName).toBe(
      tenant.name,
    );
    expect(outputOf("publicTaskVoting.vote", await page.vote(tenant.id, task.id, session)).voteCount).toBe(1);
    expect(outputOf("publicTaskVoting.bySession", await page.mine(tenant.id, session)).taskIds).toEqual([
      task.id,
    ]);
    // Upper case is the same id.
    expect((await page.tasks(tenant.id.toUpperCase())).status).toBe(200);

    const key = await rotate(admin, tenant.id);
    expect(key).not.toBe(tenant.id);
    expect(await linkOf(admin, tenant.id)).toBe(key);
    await refusedEverywhere(tenant.id, task.id);
    await refusedEverywhere(tenant.id.toUpperCase(), task.id);
    // The vote given through the old link stays counted.
    expect(await storedVotes(task.id)).toEqual({ rows: 1, count: 1 });

    // The rotation is in the account's audit log, by whom, without the key itself.
    const audited = await asOwner(db.owner, (tx) =>
      tx.execute<{ actor_user_id: string; target_id: string; details: unknown }>(sql`
        select actor_user_id, target_id, details from audit_log
        where tenant_id = ${tenant.id} and action = 'tenant.voting_link_rotated'`),
    );
    expect(audited).toEqual([{ actor_user_id: admin.userId, target_id: tenant.id, details: null }]);
  });

  it("issue 17.10: the new key opens the voting page and takes and withdraws votes", async () => {
    const { tenant, admin, task } = await organisation();
    const key = await rotate(admin, tenant.id);
    // generateToken(): 25 random bytes in lower-case base32.
    expect(key).toMatch(/^[a-z2-7]{40}$/);
    const session = token();
    const before = outputOf("publicTaskVoting.tasks", await page.tasks(key, session));
    expect(before.tenantName).toBe(tenant.name);
    expect(before.tasks.map((t) => [t.id, t.voteCount, t.voted])).toEqual([[task.id, 0, false]]);
    expect(outputOf("publicTaskVoting.vote", await page.vote(key, task.id, session))).toEqual({
      taskId: task.id,
      voted: true,
      voteCount: 1,
    });
    expect(outputOf("publicTaskVoting.bySession", await page.mine(key, session)).taskIds).toEqual([task.id]);
    const after = outputOf("publicTaskVoting.tasks", await page.tasks(key, session));
    expect(after.tasks.map((t) => [t.id, t.voteCount, t.voted])).toEqual([[task.id, 1, true]]);
    expect(outputOf("publicTaskVoting.unvote", await page.withdraw(key, task.id, session))).toEqual({
      taskId: task.id,
      voted: false,
      voteCount: 0,
    });
    expect(await storedVotes(task.id)).toEqual({ rows: 0, count: 0 });
  });

  it("issue 17.10: the previous key is refused after a second new link", async () => {
    const { tenant, admin, task } = await organisation();
    const first = await rotate(admin, tenant.id);
    const session = token();
    expect((await page.vote(first, task.id, session)).status).toBe(200);

    const second = await rotate(admin, tenant.id);
    expect(second).not.toBe(first);
    expect(await linkOf(admin, tenant.id)).toBe(second);
    await refusedEverywhere(first, task.id);
    await refusedEverywhere(tenant.id, task.id);
    // The votes stay with the task; the same browser sees its vote through the new link.
    expect(outputOf("publicTaskVoting.bySession", await page.mine(second, session)).taskIds).toEqual([
      task.id,
    ]);
    expect(await storedVotes(task.id)).toEqual({ rows: 1, count: 1 });
  });

  it("issue 17.10: another organisation's key never opens this one, even for an admin of both", async () => {
    const a = await organisation();
    const b = await organisation();
    // One person administers both: each board must show its own link.
    const both = await makeUser(db.owner, { tenantId: a.tenant.id, tenantRoles: ["tenant_admin"] });
    await asOwner(db.owner, (tx) =>
      tx
        .insert(schema.memberships)
        .values({ tenantId: b.tenant.id, userId: both.id, roles: ["tenant_admin"] }),
    );
    const admin = await member(a.tenant.id, ["tenant_admin"], both.id);
    expect(await linkOf(admin, a.tenant.id)).toBe(a.tenant.id);
    expect(await linkOf(admin, b.tenant.id)).toBe(b.tenant.id);
    const keyA = await rotate(admin, a.tenant.id);
    const keyB = await rotate(admin, b.tenant.id);
    expect(keyA).not.toBe(keyB);
    expect(await linkOf(admin, a.tenant.id)).toBe(keyA);
    expect(await linkOf(admin, b.tenant.id)).toBe(keyB);

    // B's key shows B and only B's tasks; it neither votes for nor withdraws from A's task.
    const session = token();
    const shown = outputOf("publicTaskVoting.tasks", await page.tasks(keyB, session));
    expect(shown.tenantName).toBe(b.tenant.name);
    expect(shown.tasks.map((t) => t.id)).toEqual([b.task.id]);
    expect(outputOf("publicTaskVoting.vote", await page.vote(keyA, a.task.id, session)).voteCount).toBe(1);
    const crossed = await page.vote(keyB, a.task.id, token());
    expect([crossed.status, errorOf(crossed).error_key]).toEqual([404, "not_found"]);
    const withdrawn = await page.withdraw(keyB, a.task.id, session);
    expect([withdrawn.status, errorOf(withdrawn).error_key]).toEqual([404, "not_found"]);
    expect(outputOf("publicTaskVoting.bySession", await page.mine(keyB, session)).taskIds).toEqual([]);
    expect(await storedVotes(a.task.id)).toEqual({ rows: 1, count: 1 });

    // A new link for B leaves A's alone.
    await rotate(admin, b.tenant.id);
    expect(await linkOf(admin, a.tenant.id)).toBe(keyA);
    expect((await page.tasks(keyA)).status).toBe(200);
    // A made-up key (of the key alphabet) opens nothing.
    await refusedEverywhere("a".repeat(40), a.task.id);
  });

  it("issue 17.10: a basic or read-only member reads the voting link but cannot give it a new one", async () => {
    const { tenant, admin, task } = await organisation();
    for (const role of ["tenant_basic", "tenant_readonly"]) {
      const someone = await member(tenant.id, [role]);
      expect(await linkOf(someone, tenant.id)).toBe(tenant.id);
      const refused = await rotateAs(someone, tenant.id);
      expect([refused.status, errorOf(refused).error_key]).toEqual([403, "access_denied"]);
      // Nothing changed: the id still opens the page.
      expect(await linkOf(admin, tenant.id)).toBe(tenant.id);
      expect((await page.tasks(tenant.id)).status).toBe(200);
    }
    const key = await rotate(admin, tenant.id);
    expect(await linkOf(await member(tenant.id, ["tenant_basic"]), tenant.id)).toBe(key);
    await refusedEverywhere(tenant.id, task.id);
  });

  it("issue 17.10: a deactivated organisation's key (and id) is refused", async () => {
    const keyed = await organisation();
    const key = await rotate(keyed.admin, keyed.tenant.id);
    const session = token();
    expect((await page.vote(key, keyed.task.id, session)).status).toBe(200);
    const unkeyed = await organisation();
    expect((await page.tasks(unkeyed.tenant.id)).status).toBe(200);

    await asOwner(db.owner, (tx) =>
      tx.execute(
        sql`update tenants set active = false where id in (${keyed.tenant.id}, ${unkeyed.tenant.id})`,
      ),
    );
    await refusedEverywhere(key, keyed.task.id);
    const withdrawn = await page.withdraw(key, keyed.task.id, session);
    expect([withdrawn.status, errorOf(withdrawn).error_key]).toEqual([404, "not_found"]);
    await refusedEverywhere(unkeyed.tenant.id, unkeyed.task.id);
    expect(await storedVotes(keyed.task.id)).toEqual({ rows: 1, count: 1 });
    expect(await storedVotes(unkeyed.task.id)).toEqual({ rows: 0, count: 0 });
  });

  it("issue 17.10: a public call's tenantId is a voting key or an id, bounded", async () => {
    for (const bad of ["", "x".repeat(101), "not a key", "abc/def", `${randomUUID()}x`]) {
      const answer = await rest(server, {
        method: "POST",
        path: "/api/shared/taskvoting",
        body: { tenantId: bad, taskId: randomUUID(), session: token() },
      });
      expect([answer.status, errorOf(answer).error_key]).toEqual([400, "validation_failed"]);
    }
  });
});
