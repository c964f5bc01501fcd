import { randomBytes } from "node:crypto";
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
import { duringUncommittedWrite } from "../support/held-write";
import { errorOf, outputOf, rest } from "../support/rest";
import { activeTemplate } from "../support/surveys";

/**
 * Issue 17.6: plans hold on every path. A FREE organisation cannot turn a task made from a
 * suggestion into an own task by changing its type (`PUT /api/tenant/task/{id}`, and the same on
 * creation), and a DONE task takes no votes through the public voting calls nor the account's own.
 * Everything over real HTTP, as a client would call it.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(db.db);
  // The default content: templates, categories and the suggested tasks.
  await activeTemplate(db.owner, "PERSONNEL");
});
afterAll(async () => {
  await server.close();
  await db.close();
});

/** A public call, as the voting page makes it: no session, no tenant header, no Origin. */
const send = (method: string, path: string, body?: unknown) =>
  rest(server, { method, path: `/api${path}`, body, origin: null });

async function account(plan: "FREE" | "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const actor: Actor = await actorFor(db.db, "admin", user.id);
  const admin = (method: string, path: string, body?: unknown) =>
    rest(server, { actor, tenantId: tenant.id, method, path: `/api${path}`, body });
  return { tenant, admin };
}
type Account = Awaited<ReturnType<typeof account>>;

async function suggestion(org: Account, type: "personnel_help" | "report") {
  const list = await org.admin("GET", `/tenant/task/suggested?types=${type}`);
  expect(list.status).toBe(200);
  const found = outputOf("task.suggestions", list).suggestions.find((s) => s.type === type && !s.created);
  if (!found) throw new Error(`no seeded ${type} suggestion`);
  return found;
}

const token = () => randomBytes(24).toString("base64url");
const publicVote = (tenantId: string, taskId: string, session: string) =>
  send("POST", "/shared/taskvoting", { tenantId, taskId, session });
const publicWithdraw = (tenantId: string, taskId: string, session: string) =>
  send("DELETE", `/shared/taskvoting/bysession/${session}/${taskId}?tenantId=${tenantId}`);

async function storedVotes(taskId: string) {
  const [row] = await asOwner(db.owner, (tx) =>
    tx.execute<{ rows: number; count: number }>(sql`
      select (select count(*)::int from task_votes where task_id = ${taskId}) as rows,
             (select vote_count from tasks where id = ${taskId}) as count`),
  );
  return row;
}

describe("issue 17.6: a FREE organisation makes no own task from a suggested one", () => {
  it("issue 17.6: FREE: PUT turning a suggested task into a manual one answers plan_required; other changes pass", async () => {
    const free = await account("FREE");
    const help = await suggestion(free, "personnel_help");
    const task = outputOf("task.create", await free.admin("POST", "/tenant/task", { staticTaskId: help.id }));
    expect(task).toMatchObject({ staticTaskId: help.id, type: "personnel_help" });

    // The live report: type manual, any name, 200. Now refused, and nothing changes.
    const turned = await free.admin("PUT", `/tenant/task/${task.id}`, {
      type: "manual",
      name: "Anything we like",
      category: "leadership",
    });
    expect([turned.status, errorOf(turned).error_key]).toEqual([403, "plan_required"]);
    const kept = await free.admin("GET", `/tenant/task/${task.id}`);
    expect(outputOf("task.get", kept)).toMatchObject({ type: "personnel_help", name: task.name });
    // Another help type is another kind of task as well.
    expect(
      errorOf(await free.admin("PUT", `/tenant/task/${task.id}`, { type: "management_help" })).error_key,
    ).toBe("plan_required");

    // The suggested task itself stays the organisation's to work on: rename, reschedule, done.
    const edited = await free.admin("PUT", `/tenant/task/${task.id}`, {
      type: "personnel_help",
      name: "Share the link in the team meeting",
      dueDate: "2030-01-31",
      status: "DONE",
    });
    expect(edited.status).toBe(200);
    expect(outputOf("task.update", edited)).toMatchObject({
      type: "personnel_help",
      status: "DONE",
      dueDate: "2030-01-31",
    });

    // A report suggestion (the dialog sends no type for it) is held the same way.
    const report = await suggestion(free, "report");
    const fromReport = outputOf(
      "task.create",
      await free.admin("POST", "/tenant/task", { staticTaskId: report.id }),
    );
    expect(fromReport.type).toBe("report");
    expect(
      errorOf(await free.admin("PUT", `/tenant/task/${fromReport.id}`, { type: "manual", name: "Own" }))
        .error_key,
    ).toBe("plan_required");
    expect((await free.admin("PUT", `/tenant/task/${fromReport.id}`, { name: "Renamed" })).status).toBe(200);
  });

  it("issue 17.6: FREE: creating from a suggestion with another type answers plan_required too", async () => {
    const free = await account("FREE");
    const help = await suggestion(free, "personnel_help");
    const created = await free.admin("POST", "/tenant/task", {
      staticTaskId: help.id,
      type: "manual",
      name: "Own task in disguise",
      category: "leadership",
    });
    expect([created.status, errorOf(created).error_key]).toEqual([403, "plan_required"]);
    expect(outputOf("task.list", await free.admin("GET", "/tenant/task"))).toEqual([]);
    // The suggestion's own type is no change.
    const same = await free.admin("POST", "/tenant/task", { staticTaskId: help.id, type: "personnel_help" });
    expect(outputOf("task.create", same)).toMatchObject({ type: "personnel_help", staticTaskId: help.id });
  });

  it("issue 17.6: PRO: the same change of a suggested task to a manual one is allowed", async () => {
    const pro = await account("PRO");
    const help = await suggestion(pro, "personnel_help");
    const task = outputOf("task.create", await pro.admin("POST", "/tenant/task", { staticTaskId: help.id }));
    const turned = await pro.admin("PUT", `/tenant/task/${task.id}`, {
      type: "manual",
      name: "Our own version",
      category: "leadership",
    });
    expect(turned.status).toBe(200);
    expect(outputOf("task.update", turned)).toMatchObject({
      type: "manual",
      name: "Our own version",
      category: "leadership",
    });
    const created = await pro.admin("POST", "/tenant/task", {
      staticTaskId: (await suggestion(pro, "report")).id,
      type: "manual",
      name: "Own from a report suggestion",
      category: "leadership",
    });
    expect(outputOf("task.create", created)).toMatchObject({ type: "manual" });
  });
});

describe("issue 17.6: a DONE task takes no votes", () => {
  async function board() {
    const org = await account("PRO");
    const open = outputOf(
      "task.create",
      await org.admin("POST", "/tenant/task", { name: "Open", category: "leadership" }),
    );
    const done = outputOf(
      "task.create",
      await org.admin("POST", "/tenant/task", { name: "Done", category: "leadership" }),
    );
    return { org, open, done };
  }

  it("issue 17.6: the public voting path refuses a vote on a DONE task and takes one on an open task", async () => {
    const { org, open, done } = await board();
    const early = token();
    expect((await publicVote(org.tenant.id, done.id, early)).status).toBe(200);
    expect((await org.admin("PUT", `/tenant/task/${done.id}`, { status: "DONE" })).status).toBe(200);

    const session = token();
    const refused = await publicVote(org.tenant.id, done.id, session);
    expect([refused.status, errorOf(refused).error_key]).toEqual([409, "task_done"]);
    // A vote given while it was open stays: the page offers no withdrawal on a done task either.
    const withdraw = await publicWithdraw(org.tenant.id, done.id, early);
    expect([withdraw.status, errorOf(withdraw).error_key]).toEqual([409, "task_done"]);
    expect(await storedVotes(done.id)).toEqual({ rows: 1, count: 1 });

    const accepted = await publicVote(org.tenant.id, open.id, session);
    expect(accepted.status).toBe(200);
    expect(outputOf("publicTaskVoting.vote", accepted)).toMatchObject({
      taskId: open.id,
      voted: true,
      voteCount: 1,
    });
    expect(
      outputOf("publicTaskVoting.unvote", await publicWithdraw(org.tenant.id, open.id, session)),
    ).toEqual({
      taskId: open.id,
      voted: false,
      voteCount: 0,
    });

    // Reopened, the task takes votes again.
    await org.admin("PUT", `/tenant/task/${done.id}`, { status: null });
    expect(
      outputOf("publicTaskVoting.vote", await publicVote(org.tenant.id, done.id, session)).voteCount,
    ).toBe(2);
  });

  it("issue 17.6: the account's voting paths refuse a vote on a DONE task and take one on an open task", async () => {
    const { org, open, done } = await board();
    await org.admin("PUT", `/tenant/task/${done.id}`, { status: "DONE" });
    const session = token();

    const refused = await org.admin("POST", "/tenant/taskvoting", { taskId: done.id, session });
    expect([refused.status, errorOf(refused).error_key]).toEqual([409, "task_done"]);
    const accepted = await org.admin("POST", "/tenant/taskvoting", { taskId: open.id, session });
    expect(accepted.status).toBe(200);
    expect(outputOf("taskVote.create", accepted)).toMatchObject({ voted: true, voteCount: 1 });

    // Setting a token's votes: a DONE task among them refuses the whole call, which changes nothing.
    const other = token();
    const set = await org.admin("PUT", `/tenant/taskvoting/bysession/${other}`, {
      taskIds: [open.id, done.id],
    });
    expect([set.status, errorOf(set).error_key]).toEqual([409, "task_done"]);
    expect(await storedVotes(open.id)).toEqual({ rows: 1, count: 1 });
    expect(await storedVotes(done.id)).toEqual({ rows: 0, count: 0 });
    const setOpen = await org.admin("PUT", `/tenant/taskvoting/bysession/${other}`, { taskIds: [open.id] });
    expect(setOpen.status).toBe(200);
    expect(outputOf("taskVote.setBySession", setOpen)).toMatchObject({ taskIds: [open.id] });
    expect(await storedVotes(open.id)).toEqual({ rows: 2, count: 2 });
  });

  it("issue 17.6: a vote meeting the change to DONE still in flight waits for it and is refused", async () => {
    const { org, open } = await board();
    // The change to DONE holds the task row until it commits; the vote must wait and read DONE
    // (without its lock, it would read the old status and store a vote on a done task).
    const { result, waited } = await duringUncommittedWrite(
      db,
      (tx) => tx`update tasks set status = 'DONE' where id = ${open.id}`,
      () => publicVote(org.tenant.id, open.id, token()),
    );
    expect(waited).toBe(true);
    expect([result.status, errorOf(result).error_key]).toEqual([409, "task_done"]);
    expect(await storedVotes(open.id)).toEqual({ rows: 0, count: 0 });
  });

  it("issue 17.6: votes racing the change to DONE are each either stored and counted or refused", async () => {
    const { org, open } = await board();
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => publicVote(org.tenant.id, open.id, token())),
      org.admin("PUT", `/tenant/task/${open.id}`, { status: "DONE" }),
    ]);
    const votes = answers.slice(0, 12);
    expect(answers.at(-1)?.status).toBe(200);
    expect(votes.every((v) => v.status === 200 || errorOf(v).error_key === "task_done")).toBe(true);
    const accepted = votes.filter((v) => v.status === 200).length;
    expect(await storedVotes(open.id)).toEqual({ rows: accepted, count: accepted });
    // Once DONE, none gets through.
    expect(errorOf(await publicVote(org.tenant.id, open.id, token())).error_key).toBe("task_done");
  });
});
