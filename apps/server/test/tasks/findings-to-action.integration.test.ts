import { randomBytes, randomUUID } from "node:crypto";
import { publicSurvey, submitResponse } from "@kunto/api";
import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { activeTemplate, makeSharedSurvey } from "../support/surveys";

/**
 * Issue 18.1, from findings to action: report suggestions that answer a survey's findings (weakest
 * first, per category, for the newest surveys), tasks made from them keeping their texts in the
 * five languages, and the loop's figures.
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

async function account() {
  const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
  const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const caller = (await callerFor(db.db, await actorFor(db.db, "admin", admin.id), tenant.id)).caller;
  return { tenant, caller };
}

/** Five respondents; `pick` decides each answer from the question's index (0 = lowest, 1 = highest). */
async function answer(link: string, pick: (index: number) => number) {
  const [shareKey, team] = link.split("/") as [string, string];
  const page = await publicSurvey(db.db, shareKey, team, "en");
  for (let r = 0; r < 5; r++) {
    const answers: Record<string, number> = {};
    page.questions.forEach((q, i) => {
      const share = pick(i);
      if (q.slider) answers[q.key] = Math.round(q.slider.min + share * (q.slider.max - q.slider.min));
      else if (q.choices?.length) {
        const values = q.choices.map((c) => c.value).sort((a, b) => a - b);
        answers[q.key] = values[Math.round(share * (values.length - 1))] as number;
      }
    });
    await submitResponse(db.db, shareKey, team, {
      submissionId: randomUUID(),
      browserToken: randomBytes(24).toString("base64url"),
      language: "en",
      answers,
    });
  }
}

async function answeredSurvey(tenantId: string, daysAgo: number, pick: (index: number) => number) {
  const made = await makeSharedSurvey(db.owner, tenantId, {
    startsAt: new Date(Date.now() - daysAgo * DAY),
    endsAt: new Date(Date.now() + 5 * DAY),
  });
  await answer(made.link, pick);
  return made;
}

/** Ends a survey `days` days ago (answers were given while it ran). */
const endSurvey = (surveyId: string, days: number) =>
  asOwner(db.owner, (tx) =>
    tx
      .update(schema.surveys)
      .set({ endsAt: new Date(Date.now() - days * DAY) })
      .where(eq(schema.surveys.id, surveyId)),
  );

describe("issue 18.1: findings offer improvement tasks", () => {
  it("issue 18.1: a survey's report suggestions answer its findings, match their band, run weakest first, and keep to one category when asked", async () => {
    const { tenant, caller } = await account();
    // Questions alternate low and high answers, so categories land in different bands.
    const { survey } = await answeredSurvey(tenant.id, 2, (i) => (i % 3 === 0 ? 1 : i % 3 === 1 ? 0 : 0.5));
    const list = await caller.task.suggestions({ types: ["report"], surveyKey: survey.key });
    const withFinding = list.suggestions.filter((s) => s.finding);
    expect(withFinding.length).toBeGreaterThan(3);
    for (const s of withFinding) {
      expect(s.finding?.band).toBe(s.swotType);
      expect(s.finding?.surveyKey).toBe(survey.key);
    }
    const values = withFinding.map((s) => s.finding?.value ?? 0);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBeGreaterThan(1);
    // One category (and its subcategories) only.
    const top = withFinding[0]?.category ?? "";
    const categories = await caller.task.categories();
    const parentOf = new Map(categories.map((c) => [c.engineName, c.parentCategory?.engineName ?? null]));
    const inCategory = (name: string | null, wanted: string) => {
      for (let c = name; c; c = parentOf.get(c) ?? null) if (c === wanted) return true;
      return false;
    };
    const one = await caller.task.suggestions({ types: ["report"], surveyKey: survey.key, category: top });
    expect(one.suggestions.length).toBeGreaterThan(0);
    expect(one.suggestions.every((s) => inCategory(s.category, top))).toBe(true);
    expect(one.suggestions.length).toBeLessThan(list.suggestions.length);
  });

  it("issue 18.1: a question's finding offers the suggestions of its category or an ancestor whose SWOT type is the question's band", async () => {
    const { tenant, caller } = await account();
    // Low and high questions in turn: weaknesses and strengths inside the same categories.
    const made = await answeredSurvey(tenant.id, 2, (i) => (i % 2 === 0 ? 0 : 1));
    const [shareKey, team] = made.link.split("/") as [string, string];
    const page = await publicSurvey(db.db, shareKey, team, "en");
    const categories = await caller.task.categories();
    const parentOf = new Map(categories.map((c) => [c.engineName, c.parentCategory?.engineName ?? null]));
    const ancestors = (name: string) => {
      const names: string[] = [];
      for (let c: string | null = name; c; c = parentOf.get(c) ?? null) names.push(c);
      return names;
    };
    const bands = new Set<string>();
    for (const q of page.questions.slice(0, 12)) {
      const list = await caller.task.suggestions({
        types: ["report"],
        surveyKey: made.survey.key,
        question: q.key,
      });
      for (const s of list.suggestions) {
        expect(s.finding?.question).toBe(q.key);
        expect(s.swotType).toBe(s.finding?.band);
        expect(ancestors(s.finding?.category ?? "")).toContain(s.category);
        bands.add(s.swotType ?? "");
      }
    }
    expect(bands).toContain("weakness");
    expect(bands).toContain("strength");
    // An unknown question has no finding and no suggestions.
    const none = await caller.task.suggestions({
      types: ["report"],
      surveyKey: made.survey.key,
      question: "nope",
    });
    expect(none.suggestions).toEqual([]);
  });

  it("issue 18.1: 'latest' answers the findings of the newest survey of the type, not an older one", async () => {
    const { tenant, caller } = await account();
    const older = await answeredSurvey(tenant.id, 30, () => 0);
    const newer = await answeredSurvey(tenant.id, 3, () => 1);
    const latest = await caller.task.suggestions({ latest: true });
    expect(latest.suggestions.length).toBeGreaterThan(0);
    expect(latest.suggestions.every((s) => s.type === "report")).toBe(true);
    expect(latest.suggestions.every((s) => s.finding?.surveyKey === newer.survey.key)).toBe(true);
    expect(latest.suggestions.every((s) => s.swotType === "strength")).toBe(true);
    // The older survey's own list still answers its weaknesses.
    const old = await caller.task.suggestions({ types: ["report"], surveyKey: older.survey.key });
    expect(old.suggestions.filter((s) => s.finding).every((s) => s.swotType === "weakness")).toBe(true);
  });

  it("issue 18.1: a task made from a suggestion keeps its texts in five languages until its name or description is edited", async () => {
    const { tenant, caller } = await account();
    const { survey } = await answeredSurvey(tenant.id, 2, () => 0);
    const list = await caller.task.suggestions({ types: ["report"], surveyKey: survey.key });
    const s = list.suggestions.find((x) => x.finding && x.name.fi !== x.name.en && x.name.ru !== x.name.en);
    if (!s) throw new Error("no translated suggestion");
    const task = await caller.task.create({
      staticTaskId: s.id,
      name: s.name.fi,
      description: s.description.fi,
      surveyKey: survey.key,
    });
    expect(task.translations?.name).toEqual(s.name);
    expect(task).toMatchObject({ category: s.category, swotType: "weakness", dueDate: s.finding?.dueDate });
    const link = (await caller.taskVote.link()).key;
    const tasksOn = async (lang: string) => {
      const res = await server.fetch(`/api/shared/taskvoting/tasks?tenantId=${link}&lang=${lang}`);
      expect(res.status).toBe(200);
      return (
        (await res.json()) as { tasks: Array<{ id: string; name: string; description: string | null }> }
      ).tasks;
    };
    const page = async (lang: string) => (await tasksOn(lang)).find((t) => t.id === task.id);
    expect(await page("ru")).toMatchObject({ name: s.name.ru, description: s.description.ru });
    expect((await page("pl"))?.name).toBe(s.name.pl);
    // Changing only the due date keeps them; the same name in another language too.
    await caller.task.update({ id: task.id, dueDate: "2031-01-01", name: s.name.en });
    expect((await page("ru"))?.name).toBe(s.name.ru);
    // A rewritten description makes the task's texts its own in every language.
    await caller.task.update({ id: task.id, description: "Our own plan" });
    expect(await page("ru")).toMatchObject({ name: s.name.en, description: "Our own plan" });
    expect((await caller.task.get({ id: task.id })).translations).toBeNull();
    // And a rewritten name alone does so too.
    const second = list.suggestions.find((x) => x.finding && x.id !== s.id);
    if (!second) throw new Error("a second suggestion");
    const renamed = await caller.task.create({
      staticTaskId: second.id,
      name: second.name.en,
      surveyKey: survey.key,
    });
    expect(renamed.translations).not.toBeNull();
    await caller.task.update({ id: renamed.id, name: "Ours" });
    expect((await tasksOn("fi")).find((t) => t.id === renamed.id)?.name).toBe("Ours");
  });

  it("issue 18.1: the loop counts findings with a task, their tasks done, and the days from the survey's end to its first task", async () => {
    const { tenant, caller } = await account();
    const { survey } = await answeredSurvey(tenant.id, 20, () => 0);
    await endSurvey(survey.id, 4);
    const before = await caller.task.loop();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      surveyKey: survey.key,
      findingsWithTask: 0,
      tasks: 0,
      daysToFirstTask: null,
    });
    const findings = before[0]?.findings ?? 0;
    expect(findings).toBeGreaterThan(2);
    const list = await caller.task.suggestions({ types: ["report"], surveyKey: survey.key });
    const [a, b] = list.suggestions.filter((s) => s.finding);
    if (!a || !b) throw new Error("two suggestions");
    const first = await caller.task.create({ staticTaskId: a.id, name: a.name.en, surveyKey: survey.key });
    await caller.task.create({ staticTaskId: b.id, name: b.name.en, surveyKey: survey.key });
    await caller.task.update({ id: first.id, status: "DONE" });
    const after = (await caller.task.loop())[0];
    const distinct = new Set([a.category, b.category]).size;
    expect(after).toMatchObject({
      findings,
      findingsWithTask: distinct,
      tasks: 2,
      tasksDone: 1,
      daysToFirstTask: 4,
    });
    // A task of another survey, or without the survey, does not count for this one.
    await caller.task.create({ name: "Unrelated", category: a.category ?? "organization" });
    expect((await caller.task.loop())[0]).toMatchObject({ findingsWithTask: distinct, tasks: 2 });
  });
});
