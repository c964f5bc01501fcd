import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { activeTemplate } from "../support/surveys";

/**
 * Issue 17.8: task voting's second conditions. Withdrawing a vote that was never cast changes
 * nothing (only a stored vote comes off the count), and a deactivated organisation's voting page
 * takes no votes, withdraws none and shows nothing, until it is active again.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(db.db);
  await activeTemplate(db.owner, "PERSONNEL");
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const token = () => randomBytes(24).toString("base64url");

async function account() {
  const tenant = await makeTenant(db.owner, { plan: "PRO" });
  const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const { caller } = await callerFor(db.db, await actorFor(db.db, "admin", admin.id), tenant.id);
  return { tenant, caller };
}

/** The public voting page's calls, as the page makes them (no sign-in). */
function page(tenantId: string) {
  return {
    tasks: (session?: string) =>
      rest(server, {
        method: "GET",
        path: `/api/shared/taskvoting/tasks?tenantId=${tenantId}${session ? `&session=${session}` : ""}`,
      }),
    mine: (session: string) =>
      rest(server, {
        method: "GET",
        path: `/api/shared/taskvoting/bysession/${session}?tenantId=${tenantId}`,
      }),
    vote: (taskId: string, session: string) =>
      rest(server, { method: "POST", path: "/api/shared/taskvoting", body: { tenantId, taskId, session } }),
    unvote: (taskId: string, session: string) =>
      rest(server, {
        method: "DELETE",
        path: `/api/shared/taskvoting/bysession/${session}/${taskId}?tenantId=${tenantId}`,
      }),
  };
}

async function storedVotes(taskId: string): Promise<number> {
  const [row] = await db.ownerSql<
    { n: number }[]
  >`select count(*)::int as n from task_votes where task_id = ${taskId}`;
  return row?.n ?? 0;
}

describe("issue 17.8: task voting's second conditions", () => {
  it("issue 17.8: withdrawing a vote that was never cast changes nothing", async () => {
    const { tenant, caller } = await account();
    const task = await caller.task.create({ name: "Quieter open office", category: "leadership" });
    const voting = page(tenant.id);
    const [first, second, never] = [token(), token(), token()];
    outputOf("publicTaskVoting.vote", await voting.vote(task.id, first));
    outputOf("publicTaskVoting.vote", await voting.vote(task.id, second));
    expect((await caller.task.get({ id: task.id })).voteCount).toBe(2);

    // A browser that never voted withdraws: the answer and the board keep both votes.
    expect(outputOf("publicTaskVoting.unvote", await voting.unvote(task.id, never))).toEqual({
      taskId: task.id,
      voted: false,
      voteCount: 2,
    });
    expect((await caller.task.get({ id: task.id })).voteCount).toBe(2);
    expect(await storedVotes(task.id)).toBe(2);

    // A cast vote withdrawn twice: the first takes it off, the second (nothing left) changes nothing.
    expect(outputOf("publicTaskVoting.unvote", await voting.unvote(task.id, first)).voteCount).toBe(1);
    expect(outputOf("publicTaskVoting.unvote", await voting.unvote(task.id, first))).toEqual({
      taskId: task.id,
      voted: false,
      voteCount: 1,
    });
    expect((await caller.task.get({ id: task.id })).voteCount).toBe(1);
    expect(await storedVotes(task.id)).toBe(1);

    // The account's call that sets a token's votes: clearing a token without votes changes nothing.
    expect(await caller.taskVote.setBySession({ session: never, taskIds: [] })).toEqual({ taskIds: [] });
    expect((await caller.task.get({ id: task.id })).voteCount).toBe(1);
    expect(outputOf("publicTaskVoting.tasks", await voting.tasks(second)).tasks).toEqual([
      expect.objectContaining({ id: task.id, voteCount: 1, voted: true }),
    ]);
  });

  it("issue 17.8: a deactivated organisation's voting page refuses votes", async () => {
    const { tenant, caller } = await account();
    const task = await caller.task.create({ name: "Standing desks", category: "leadership" });
    const voting = page(tenant.id);
    const voter = token();
    outputOf("publicTaskVoting.vote", await voting.vote(task.id, voter));
    expect(await storedVotes(task.id)).toBe(1);

    // A platform administrator deactivates the organisation.
    const platform = await makeUser(db.owner, { systemRoles: ["admin"] });
    const { caller: admin } = await callerFor(db.db, await actorFor(db.db, "platform", platform.id), null);
    await admin.admin.setTenantPlan({ id: tenant.id, status: "INACTIVE" });

    const refused = [
      ["vote", await voting.vote(task.id, token())],
      ["vote again", await voting.vote(task.id, voter)],
      ["withdraw", await voting.unvote(task.id, voter)],
      ["page", await voting.tasks(voter)],
      ["this browser's votes", await voting.mine(voter)],
    ] as const;
    for (const [what, answer] of refused) {
      expect(answer.status, what).toBe(404);
      expect(errorOf(answer).error_key, what).toBe("not_found");
    }
    // Nothing changed: the stored vote and the count are as before.
    expect(await storedVotes(task.id)).toBe(1);
    const [row] = await db.ownerSql<
      { vote_count: number }[]
    >`select vote_count from tasks where id = ${task.id}`;
    expect(row?.vote_count).toBe(1);

    // Active again: the same page takes the vote (the refusal was the deactivation's).
    await admin.admin.setTenantPlan({ id: tenant.id, status: "ACTIVE" });
    expect(outputOf("publicTaskVoting.vote", await voting.vote(task.id, token())).voteCount).toBe(2);
  });
});
