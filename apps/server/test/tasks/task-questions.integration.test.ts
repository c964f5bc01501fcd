import { randomUUID } from "node:crypto";
import { schema } from "@kunto/db";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { activeTemplate } from "../support/surveys";

/**
 * Issue 19.17: the task question chooser (document 2 §4 "Only active templates feed the task question
 * choice"; docs/decisions.md "Task question chooser"), through the procedures and over real HTTP.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const ours = randomUUID().slice(0, 8);
/** A PERSONNEL template of ours (inactive at first) with one group and one question of its own. */
const fixture = {
  key: `tq-${ours}`,
  question: `tq-question-${ours}`,
  group: `tq-group-${ours}`,
  titleTid: `tq.${ours}.title`,
  groupTid: `tq.${ours}.group`,
};
/** The templates active when the file starts: activated again at its end. */
let originals: Array<{ id: string; key: string; type: "PERSONNEL" | "MANAGEMENT" }> = [];
/** A question of the active personnel template, its Finnish title, a group of it; one of management. */
const personnel = { key: "", fi: "", en: "", group: "" };
let management = "";
let platform: Awaited<ReturnType<typeof callerFor>>["caller"];
let staticTaskId = "";

async function firstQuestions(templateId: string) {
  return db.owner
    .select()
    .from(schema.surveyQuestions)
    .where(eq(schema.surveyQuestions.templateId, templateId))
    .orderBy(schema.surveyQuestions.order);
}

beforeAll(async () => {
  server = await startServer(db.db);
  const p = await activeTemplate(db.owner, "PERSONNEL");
  const m = await activeTemplate(db.owner, "MANAGEMENT");
  originals = [p, m].map((t) => ({ id: t.id, key: t.key, type: t.type }));
  const pQuestions = await firstQuestions(p.id);
  const scored = pQuestions.find((q) => q.type !== "GROUP");
  const group = pQuestions.find((q) => q.type === "GROUP");
  if (!scored || !group) throw new Error("the personnel template has no question or group");
  const titles = await db.owner
    .select()
    .from(schema.translations)
    .where(eq(schema.translations.tid, scored.titleTid));
  Object.assign(personnel, {
    key: scored.key,
    group: group.key,
    fi: titles.find((r) => r.language === "fi")?.text,
    en: titles.find((r) => r.language === "en")?.text,
  });
  management = (await firstQuestions(m.id)).find((q) => q.type !== "GROUP")?.key ?? "";
  await asOwner(db.owner, async (tx) => {
    await tx.insert(schema.translations).values([
      { tid: fixture.titleTid, language: "en", text: "Our own question" },
      { tid: fixture.titleTid, language: "fi", text: "Oma kysymyksemme" },
      // The group has English only: Finnish readers get the English title.
      { tid: fixture.groupTid, language: "en", text: "Our group" },
    ]);
    const [template] = await tx
      .insert(schema.surveyTemplates)
      .values({ key: fixture.key, type: "PERSONNEL", startTid: fixture.titleTid, active: false })
      .returning();
    if (!template) throw new Error("template");
    await tx.insert(schema.surveyQuestions).values([
      { templateId: template.id, key: fixture.group, type: "GROUP", order: 10, titleTid: fixture.groupTid },
      {
        templateId: template.id,
        key: fixture.question,
        type: "SLIDER",
        order: 20,
        groupKey: fixture.group,
        category: "organization",
        titleTid: fixture.titleTid,
      },
    ]);
    const [suggestion] = await tx
      .insert(schema.staticTasks)
      .values({
        key: `tq-suggestion-${ours}`,
        type: "personnel_help",
        priority: "LOW",
        nameTid: fixture.titleTid,
        descriptionTid: fixture.titleTid,
        surveyQuestion: fixture.question,
      })
      .returning();
    staticTaskId = suggestion?.id ?? "";
  });
  const admin = await makeUser(db.owner, { systemRoles: ["admin"] });
  platform = (await callerFor(db.db, await actorFor(db.db, "platform", admin.id), null)).caller;
});

afterAll(async () => {
  // Leave the shared database as it was: the same templates active, nothing of ours left.
  await asOwner(db.owner, async (tx) => {
    for (const original of originals) {
      await tx
        .update(schema.surveyTemplates)
        .set({ active: false })
        .where(
          and(eq(schema.surveyTemplates.type, original.type), ne(schema.surveyTemplates.id, original.id)),
        );
      await tx
        .update(schema.surveyTemplates)
        .set({ active: true })
        .where(eq(schema.surveyTemplates.id, original.id));
    }
    await tx.delete(schema.staticTasks).where(eq(schema.staticTasks.key, `tq-suggestion-${ours}`));
    await tx.delete(schema.surveyTemplates).where(eq(schema.surveyTemplates.key, fixture.key));
    await tx
      .delete(schema.translations)
      .where(inArray(schema.translations.tid, [fixture.titleTid, fixture.groupTid]));
  });
  await server.close();
  await db.close();
});

/** A PRO account's admin whose language is `language`: tRPC caller and REST actor. */
async function account(language = "en") {
  const tenant = await makeTenant(db.owner);
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  await asOwner(db.owner, (tx) =>
    tx.update(schema.users).set({ language }).where(eq(schema.users.id, user.id)),
  );
  const actor = await actorFor(db.db, "admin", user.id);
  return { tenant, actor, caller: (await callerFor(db.db, actor, tenant.id)).caller };
}

const keyOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return (error as { message: string }).message;
  }
};

const activate = (key: string) => platform.surveyTemplate.activate({ key });
const personnelOriginal = () => originals.find((o) => o.type === "PERSONNEL")?.key ?? "";
const taskCount = async (tenantId: string) =>
  (await db.owner.select().from(schema.tasks).where(eq(schema.tasks.tenantId, tenantId))).length;

describe("task question options (document 2 §4)", () => {
  it("offers the questions of the active templates only, in the caller's language, never a group", async () => {
    const { caller } = await account("fi");
    const before = await caller.task.questionOptions();
    expect(before.find((o) => o.key === personnel.key)).toMatchObject({
      type: "PERSONNEL",
      title: personnel.fi,
    });
    expect(before.find((o) => o.key === management)?.type).toBe("MANAGEMENT");
    expect(before.map((o) => o.key)).not.toContain(personnel.group);
    expect(before.map((o) => o.key)).not.toContain(fixture.question);
    expect(before.findIndex((o) => o.type === "MANAGEMENT")).toBeGreaterThan(
      before.findLastIndex((o) => o.type === "PERSONNEL"),
    );

    // Our template active: the former personnel template's questions are no longer offered.
    await activate(fixture.key);
    const during = await caller.task.questionOptions();
    expect(during.filter((o) => o.type === "PERSONNEL")).toEqual([
      {
        key: fixture.question,
        type: "PERSONNEL",
        group: "Our group",
        category: "organization",
        title: "Oma kysymyksemme",
      },
    ]);
    expect(during.map((o) => o.key)).toContain(management);

    await activate(personnelOriginal());
    const after = (await caller.task.questionOptions()).map((o) => o.key);
    expect(after).toContain(personnel.key);
    expect(after).not.toContain(fixture.question);
  });

  it("answers over REST at GET /api/tenant/task/questions, in English for an English reader", async () => {
    const { tenant, actor } = await account("en");
    const answer = await rest(server, {
      actor,
      tenantId: tenant.id,
      method: "GET",
      path: "/api/tenant/task/questions",
    });
    expect(answer.status).toBe(200);
    const options = outputOf("task.questionOptions", answer);
    expect(options.find((o) => o.key === personnel.key)?.title).toBe(personnel.en);
  });
});

describe("a task's question (document 3 §3)", () => {
  it("creates a task with an offered question; an unknown, group or inactive one is refused and nothing is written", async () => {
    const { tenant, actor, caller } = await account();
    const task = await caller.task.create({
      name: "Ask",
      category: "organization",
      surveyQuestion: personnel.key,
    });
    expect(task.surveyQuestion).toBe(personnel.key);
    expect(
      (await caller.task.create({ name: "None", category: "organization", surveyQuestion: "" }))
        .surveyQuestion,
    ).toBeNull();
    const count = await taskCount(tenant.id);
    for (const surveyQuestion of ["no-such-question", personnel.group, fixture.question])
      expect(
        await keyOf(caller.task.create({ name: "Refused", category: "organization", surveyQuestion })),
      ).toBe("tasks.question_unknown");
    const answer = await rest(server, {
      actor,
      tenantId: tenant.id,
      method: "POST",
      path: "/api/tenant/task",
      body: { name: "Refused", category: "organization", surveyQuestion: "no-such-question" },
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).error_key).toBe("tasks.question_unknown");
    expect(await taskCount(tenant.id)).toBe(count);
  });

  it("keeps a question whose template became inactive while other fields change; refuses changing to an inactive one", async () => {
    const { tenant, caller } = await account();
    await activate(fixture.key);
    const old = await caller.task.create({
      name: "Old",
      category: "organization",
      surveyQuestion: fixture.question,
    });
    const other = await caller.task.create({
      name: "Other",
      category: "organization",
      surveyQuestion: management,
    });
    await activate(personnelOriginal());

    const renamed = await caller.task.update({ id: old.id, name: "Old, renamed" });
    expect(renamed).toMatchObject({ name: "Old, renamed", surveyQuestion: fixture.question });
    // Sending the unchanged question back (as the dialog does) is no change either.
    const resent = await caller.task.update({
      id: old.id,
      name: "Old again",
      surveyQuestion: fixture.question,
    });
    expect(resent).toMatchObject({ name: "Old again", surveyQuestion: fixture.question });

    expect(
      await keyOf(caller.task.update({ id: other.id, name: "Moved", surveyQuestion: fixture.question })),
    ).toBe("tasks.question_unknown");
    expect(await caller.task.get({ id: other.id })).toMatchObject({
      name: "Other",
      surveyQuestion: management,
    });
    expect((await caller.task.update({ id: other.id, surveyQuestion: personnel.key })).surveyQuestion).toBe(
      personnel.key,
    );
    expect((await caller.task.update({ id: old.id, surveyQuestion: null })).surveyQuestion).toBeNull();
    expect(await taskCount(tenant.id)).toBe(2);
  });

  it("takes a suggestion's own question as it is, and checks another one given with it", async () => {
    const { caller } = await account();
    expect(await keyOf(caller.task.create({ staticTaskId, surveyQuestion: "no-such-question" }))).toBe(
      "tasks.question_unknown",
    );
    const task = await caller.task.create({ staticTaskId });
    expect(task.surveyQuestion).toBe(fixture.question);
    // The client sending the suggestion's question along (inactive here) is no other question.
    await caller.task.update({ id: task.id, status: "DONE" });
    const again = await caller.task.create({ staticTaskId, surveyQuestion: fixture.question });
    expect(again.surveyQuestion).toBe(fixture.question);
  });
});
