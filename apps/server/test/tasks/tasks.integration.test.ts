import { randomBytes, randomUUID } from "node:crypto";
import { publicSurvey, submitResponse } from "@kunto/api";
import { addDays, dayOf } from "@kunto/core";
import { schema } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { activeTemplate, makeSharedSurvey } from "../support/surveys";

/**
 * Issue 9: tasks, suggested tasks, task voting, categories and static tasks through the procedures
 * (tRPC callers) and the public voting calls over real HTTP, on a real PostgreSQL.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer(db.db);
  await activeTemplate(db.owner, "PERSONNEL");
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function account(plan: "FREE" | "PRO" | "TOTAL" = "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const as = async (roles: string[]) => {
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: roles });
    return (await callerFor(db.db, await actorFor(db.db, "member", user.id), tenant.id)).caller;
  };
  const caller = (await callerFor(db.db, await actorFor(db.db, "admin", admin.id), tenant.id)).caller;
  return { tenant, admin, caller, as };
}

async function platformAdmin() {
  const user = await makeUser(db.owner, { systemRoles: ["admin"] });
  return (await callerFor(db.db, await actorFor(db.db, "platform", user.id), null)).caller;
}

const keyOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return (error as { message: string }).message;
  }
};

const token = () => randomBytes(24).toString("base64url");
const vote = (body: unknown) =>
  server.fetch("/api/shared/taskvoting", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("tasks (document 3 §2-§7)", () => {
  it("creates, changes, marks done and deletes a task; name and category rules; help types lose their category", async () => {
    const { caller } = await account();
    expect(await keyOf(caller.task.create({ name: " ", category: "organization" }))).toBe(
      "tasks.name_required",
    );
    expect(await keyOf(caller.task.create({ name: "Plan", type: "manual" }))).toBe("tasks.category_required");
    const task = await caller.task.create({
      name: "Weekly stand-up",
      category: "organization",
      priority: "HIGH",
    });
    expect(task).toMatchObject({
      type: "manual",
      category: "organization",
      topCategory: "efficiency",
      priority: "HIGH",
      status: null,
      voteCount: 0,
      year: Number(dayOf(new Date()).slice(0, 4)),
    });
    const help = await caller.task.create({
      name: "Share the link",
      type: "personnel_help",
      category: "organization",
    });
    expect(help.category).toBeNull();
    const done = await caller.task.update({ id: task.id, status: "DONE", priority: "LOW" });
    expect(done).toMatchObject({ status: "DONE", priority: "LOW", name: "Weekly stand-up" });
    expect((await caller.task.update({ id: task.id, status: null })).status).toBeNull();
    expect((await caller.task.list()).map((t) => t.id).sort()).toEqual([task.id, help.id].sort());
    await caller.task.delete({ id: task.id });
    expect(await keyOf(caller.task.get({ id: task.id }))).toBe("not_found");
  });

  it("lets read-only and basic members see tasks but not change them (server-enforced)", async () => {
    const { caller, as } = await account();
    const task = await caller.task.create({ name: "Visible", category: "leadership" });
    for (const role of ["tenant_readonly", "tenant_basic"]) {
      const member = await as([role]);
      expect((await member.task.list()).map((t) => t.id)).toEqual([task.id]);
      expect(await keyOf(member.task.create({ name: "No", category: "leadership" }))).toBe("access_denied");
      expect(await keyOf(member.task.update({ id: task.id, status: "DONE" }))).toBe("access_denied");
      expect(await keyOf(member.task.delete({ id: task.id }))).toBe("access_denied");
    }
    expect((await caller.task.get({ id: task.id })).status).toBeNull();
  });

  it("does not show or change another account's task", async () => {
    const a = await account();
    const b = await account();
    const task = await a.caller.task.create({ name: "Ours", category: "leadership" });
    expect(await b.caller.task.list()).toEqual([]);
    expect(await keyOf(b.caller.task.get({ id: task.id }))).toBe("not_found");
    expect(await keyOf(b.caller.task.update({ id: task.id, name: "Theirs" }))).toBe("not_found");
    expect(await keyOf(b.caller.task.delete({ id: task.id }))).toBe("not_found");
    expect(await keyOf(b.caller.taskVote.byTask({ taskId: task.id }))).toBe("not_found");
  });
});

describe("suggested tasks and plan limits", () => {
  it("hides a suggestion while an undone task made from it exists, and offers it again once done", async () => {
    const { caller } = await account();
    const first = await caller.task.suggestions({ types: ["personnel_help"] });
    expect(first.limit).toBeNull();
    const suggestion = first.suggestions[0];
    if (!suggestion) throw new Error("no seeded help suggestions");
    expect(first.suggestions.every((s) => s.type === "personnel_help" && !s.created)).toBe(true);
    const task = await caller.task.create({ staticTaskId: suggestion.id, name: suggestion.name.fi });
    expect(task).toMatchObject({
      staticTaskId: suggestion.id,
      type: "personnel_help",
      name: suggestion.name.fi,
    });
    const after = await caller.task.suggestions({ types: ["personnel_help"] });
    expect(after.suggestions.find((s) => s.id === suggestion.id)?.created).toBe(true);
    expect(await keyOf(caller.task.create({ staticTaskId: suggestion.id }))).toBe("task_already_created");
    await caller.task.update({ id: task.id, status: "DONE" });
    const again = await caller.task.suggestions({ types: ["personnel_help"] });
    expect(again.suggestions.find((s) => s.id === suggestion.id)?.created).toBe(false);
    expect((await caller.task.create({ staticTaskId: suggestion.id })).name).toBe(suggestion.name.en);
  });

  it("dates a task from a suggestion for a survey on the survey's last day + 7", async () => {
    const { tenant, caller } = await account();
    const endsAt = new Date(Date.now() + 10 * DAY);
    const { survey } = await makeSharedSurvey(db.owner, tenant.id, { endsAt });
    const list = await caller.task.suggestions({ types: ["management_help"], surveyKey: survey.key });
    expect(list.dueDate).toBe(addDays(dayOf(endsAt), 7));
    const suggestion = list.suggestions[0];
    if (!suggestion) throw new Error("no suggestion");
    const task = await caller.task.create({ staticTaskId: suggestion.id, surveyKey: survey.key });
    expect(task.dueDate).toBe(addDays(dayOf(endsAt), 7));
    expect(task.sourceSurvey?.key).toBe(survey.key);
    expect(await keyOf(caller.task.suggestions({ surveyKey: "missing" }))).toBe("not_found");
  });

  it("FREE: no own tasks, at most 5 tasks from suggestions even when created in parallel", async () => {
    const { caller } = await account("FREE");
    expect(await keyOf(caller.task.create({ name: "Own", category: "leadership" }))).toBe("plan_required");
    const { suggestions, limit } = await caller.task.suggestions({
      types: ["personnel_help", "management_help", "report"],
    });
    expect(limit).toBe(5);
    const outcomes = await Promise.all(
      suggestions.slice(0, 8).map((s) => keyOf(caller.task.create({ staticTaskId: s.id }))),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(5);
    expect(outcomes.filter((o) => o === "plan_required")).toHaveLength(3);
    expect((await caller.task.suggestions()).used).toBe(5);
  });
});

describe("task voting", () => {
  it("counts one vote per browser token under 20 concurrent submissions, and shows it on the board", async () => {
    const { tenant, caller } = await account();
    const task = await caller.task.create({ name: "Quieter break room", category: "work_ability" });
    const session = token();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => vote({ tenantId: tenant.id, taskId: task.id, session })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const [stored] = await asOwner(db.owner, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from task_votes where task_id = ${task.id}`),
    );
    expect(stored?.n).toBe(1);
    expect((await caller.task.get({ id: task.id })).voteCount).toBe(1);
    await vote({ tenantId: tenant.id, taskId: task.id, session: token() });
    expect((await caller.task.get({ id: task.id })).voteCount).toBe(2);
    // Only the hash is kept; the board's vote list names no token.
    const rows = await asOwner(db.owner, (tx) =>
      tx.select().from(schema.taskVotes).where(eq(schema.taskVotes.taskId, task.id)),
    );
    expect(rows.map((r) => r.sessionHash)).not.toContain(session);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.sessionHash))).toBe(true);
    expect(await caller.taskVote.byTask({ taskId: task.id })).toHaveLength(2);
  });

  it("shows the page's tasks with status and this browser's votes; withdraws a vote", async () => {
    const { tenant, caller } = await account();
    const open = await caller.task.create({ name: "Open one", category: "leadership" });
    const done = await caller.task.create({ name: "Done one", category: "leadership" });
    await caller.task.update({ id: done.id, status: "DONE" });
    const session = token();
    await vote({ tenantId: tenant.id, taskId: open.id, session });
    const page = await server.fetch(`/api/shared/taskvoting/tasks?tenantId=${tenant.id}&session=${session}`);
    const body = (await page.json()) as { tenantName: string; tasks: Array<Record<string, unknown>> };
    expect(body.tenantName).toBe(tenant.name);
    expect(body.tasks.map((t) => [t.name, t.status, t.voteCount, t.voted])).toEqual([
      ["Open one", null, 1, true],
      ["Done one", "DONE", 0, false],
    ]);
    const fi = await server.fetch(`/api/shared/taskvoting/tasks?tenantId=${tenant.id}&lang=fi`);
    const names = ((await fi.json()) as { tasks: Array<{ categoryName: string }> }).tasks.map(
      (t) => t.categoryName,
    );
    expect(names[0]).toBeTruthy();
    expect(names[0]).not.toBe(body.tasks[0]?.categoryName);
    const mine = await server.fetch(`/api/shared/taskvoting/bysession/${session}?tenantId=${tenant.id}`);
    expect(await mine.json()).toEqual({ taskIds: [open.id] });
    const removed = await server.fetch(
      `/api/shared/taskvoting/bysession/${session}/${open.id}?tenantId=${tenant.id}`,
      { method: "DELETE" },
    );
    expect(await removed.json()).toEqual({ taskId: open.id, voted: false, voteCount: 0 });
  });

  it("refuses a vote for another account's task and for an unknown account", async () => {
    const a = await account();
    const b = await account();
    const task = await b.caller.task.create({ name: "Theirs", category: "leadership" });
    const crossed = await vote({ tenantId: a.tenant.id, taskId: task.id, session: token() });
    expect(crossed.status).toBe(404);
    expect(((await crossed.json()) as { error_key: string }).error_key).toBe("not_found");
    expect((await vote({ tenantId: randomUUID(), taskId: task.id, session: token() })).status).toBe(404);
    expect((await b.caller.task.get({ id: task.id })).voteCount).toBe(0);
  });

  it("rate limits votes per client address in PostgreSQL", async () => {
    const { tenant, caller } = await account();
    const task = await caller.task.create({ name: "Limited", category: "leadership" });
    const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await asOwner(db.owner, (tx) =>
      tx.execute(
        sql`insert into rate_limits (key, window_start, hits) values (${`taskvote:address:${ip}`}, now(), 600)`,
      ),
    );
    const anonymous = (await callerFor(db.db, await actorFor(db.db, "anon", null), null, ip)).caller;
    expect(
      await keyOf(
        anonymous.publicTaskVoting.vote({ tenantId: tenant.id, taskId: task.id, session: token() }),
      ),
    ).toBe("too_many_requests");
    const other = (await callerFor(db.db, await actorFor(db.db, "anon", null), null, "10.98.0.1")).caller;
    expect(
      (await other.publicTaskVoting.vote({ tenantId: tenant.id, taskId: task.id, session: token() }))
        .voteCount,
    ).toBe(1);
  });

  it("lets the account set and delete a token's votes through its own calls", async () => {
    const { caller } = await account();
    const a = await caller.task.create({ name: "A", category: "leadership" });
    const b = await caller.task.create({ name: "B", category: "leadership" });
    const session = token();
    expect((await caller.taskVote.setBySession({ session, taskIds: [a.id, b.id] })).taskIds.sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(await caller.taskVote.setBySession({ session, taskIds: [b.id] })).toEqual({ taskIds: [b.id] });
    const [one] = await caller.taskVote.list();
    if (!one) throw new Error("vote");
    // Document 3 §3 "Task vote: task, voteCount" (issue 19.18).
    expect(one).toMatchObject({ taskId: b.id, task: { id: b.id, name: "B" }, voteCount: 1 });
    expect(await caller.taskVote.get({ id: one.id })).toEqual(one);
    expect(await caller.taskVote.byTask({ taskId: b.id })).toEqual([one]);
    await caller.taskVote.delete({ id: one.id });
    expect((await caller.task.get({ id: b.id })).voteCount).toBe(0);
  });
});

describe("categories and static tasks (platform admins)", () => {
  it("edits the tree: parent rules, engine name, in-use protection; tenants read changes at once", async () => {
    const admin = await platformAdmin();
    const { caller } = await account();
    const all = await admin.category.list();
    const leadership = all.find((c) => c.engineName === "leadership");
    const organization = all.find((c) => c.engineName === "organization");
    if (!leadership || !organization) throw new Error("seeded categories");
    const name = `wellbeing_${randomUUID().slice(0, 6)}`;
    const created = await admin.category.create({
      engineName: name,
      parentCategoryId: leadership.id,
      types: ["PERSONNEL"],
      name: { en: "Wellbeing", fi: "Hyvinvointi" },
      description: { en: "How people feel" },
    });
    expect(created).toMatchObject({
      level: 2,
      topCategory: "leadership",
      name: { en: "Wellbeing", pl: "Wellbeing" },
    });
    expect(
      await keyOf(admin.category.update({ ...created, id: created.id, parentCategoryId: created.id })),
    ).toBe("category_parent_invalid");
    const child = await admin.category.create({
      engineName: `${name}_x`,
      parentCategoryId: created.id,
      name: { en: "Deep" },
      description: { en: "" },
    });
    expect(child.level).toBe(3);
    expect(
      await keyOf(
        admin.category.create({
          engineName: `${name}_y`,
          parentCategoryId: child.id,
          name: { en: "Too deep" },
          description: { en: "" },
        }),
      ),
    ).toBe("category_parent_invalid");
    expect(
      await keyOf(
        admin.category.create({ engineName: name, name: { en: "Again" }, description: { en: "" } }),
      ),
    ).toBe("category_engine_name_exists");
    expect(await keyOf(admin.category.delete({ id: created.id }))).toBe("category_in_use");
    expect(await keyOf(admin.category.delete({ id: organization.id }))).toBe("category_in_use");
    await admin.category.update({
      id: created.id,
      engineName: name,
      parentCategoryId: leadership.id,
      name: { en: "Wellbeing at work" },
      description: { en: "" },
    });
    expect((await caller.task.categories()).find((c) => c.id === created.id)?.name.en).toBe(
      "Wellbeing at work",
    );
    await admin.category.delete({ id: child.id });
    await admin.category.delete({ id: created.id });
    expect(await keyOf(admin.category.get({ id: created.id }))).toBe("not_found");
    expect(await keyOf(caller.category.list())).toBe("access_denied");
  });

  it("manages suggested tasks: a report task needs a category; accounts see changes at once", async () => {
    const admin = await platformAdmin();
    const { caller } = await account();
    expect(
      await keyOf(admin.staticTask.create({ type: "report", name: { en: "x" }, description: { en: "" } })),
    ).toBe("static_task_category_required");
    const created = await admin.staticTask.create({
      type: "management_help",
      priority: "HIGH",
      name: { en: "Book the results meeting", fi: "Varaa tulospalaveri" },
      description: { en: "Within two weeks of the end" },
    });
    expect(created).toMatchObject({
      type: "management_help",
      categoryId: null,
      name: { fi: "Varaa tulospalaveri" },
    });
    const seen = await caller.task.suggestions({ types: ["management_help"] });
    expect(seen.suggestions.find((s) => s.id === created.id)?.name.en).toBe("Book the results meeting");
    await admin.staticTask.update({ ...created, id: created.id, name: { en: "Book the meeting" } });
    expect((await admin.staticTask.get({ id: created.id })).name.en).toBe("Book the meeting");
    const task = await caller.task.create({ staticTaskId: created.id });
    await admin.staticTask.delete({ id: created.id });
    expect((await caller.task.get({ id: task.id })).staticTaskId).toBeNull();
    expect(await keyOf(caller.staticTask.list())).toBe("access_denied");
  });
});

describe("closing the loop", () => {
  it("shows how a finding's category moved once the next survey of the type has answers", async () => {
    const { tenant, caller } = await account("TOTAL");
    const first = await makeSharedSurvey(db.owner, tenant.id, {
      startsAt: new Date(Date.now() - 60 * DAY),
      endsAt: new Date(Date.now() + 5 * DAY),
    });
    const second = await makeSharedSurvey(db.owner, tenant.id, {
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 5 * DAY),
    });
    const task = await caller.task.create({
      name: "Fix the processes",
      category: "processes",
      swotType: "weakness",
      surveyKey: first.survey.key,
    });
    expect(task.followUp).toMatchObject({ state: "waiting", subject: "category" });

    const answer = async (link: string, pick: "min" | "max") => {
      const [shareKey, team] = link.split("/") as [string, string];
      const page = await publicSurvey(db.db, shareKey, team, "en");
      for (let i = 0; i < 5; i++) {
        const answers: Record<string, number> = {};
        for (const q of page.questions) {
          if (q.slider) answers[q.key] = pick === "min" ? q.slider.min : q.slider.max;
          else if (q.choices?.length) {
            const values = q.choices.map((c) => c.value);
            answers[q.key] = pick === "min" ? Math.min(...values) : Math.max(...values);
          }
        }
        await submitResponse(db.db, shareKey, team, {
          submissionId: randomUUID(),
          browserToken: token(),
          language: "en",
          answers,
        });
      }
    };
    await answer(first.link, "min");
    await answer(second.link, "max");
    const moved = await caller.task.get({ id: task.id });
    expect(moved.followUp).toMatchObject({
      state: "measured",
      surveyKey: second.survey.key,
      before: 0,
      after: 100,
      change: 100,
    });
    expect((await caller.task.list())[0]?.followUp?.change).toBe(100);
  });
});
