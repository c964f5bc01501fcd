import { loadTemplate, seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { createSystemDb, schema } from "@kunto/db";
import {
  type Aggregates,
  aggregateRespondents,
  computeReport,
  DEFAULT_ANONYMITY_THRESHOLD,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type Moments,
  mergeAggregates,
  type PreparedTemplate,
  parseAggregates,
  prepareTemplate,
  type RawAnswers,
  scoreRespondent,
  type TemplateQuestion,
} from "@kunto/engine";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { asOwner, connect } from "../support/harness";

/**
 * Issue 7, "The demo data grows": the seeded demo organisation has teams of both types and
 * surveys with answers stored as the respondent page stores them, and aggregates that are exactly
 * what the engine folds from those answers.
 */
const db = connect();
const runSeed = async () => {
  const { system, close } = createSystemDb(inject("ownerUrl"), { max: 1 });
  try {
    await seed({ system, hashPassword, adminEmail: "admin@kunto.local" });
  } finally {
    await close();
  }
};
beforeAll(runSeed);
afterAll(() => db.close());

async function demo() {
  return asOwner(db.owner, async (tx) => {
    const [tenant] = await tx
      .select()
      .from(schema.tenants)
      .where(and(eq(schema.tenants.name, "Aurora Components Oy"), isNull(schema.tenants.sandboxId)));
    if (!tenant) throw new Error("no demo organisation");
    const where = (t: { tenantId: PgColumn }) => eq(t.tenantId, tenant.id);
    return {
      tenant,
      teams: await tx.select().from(schema.teams).where(where(schema.teams)).orderBy(asc(schema.teams.name)),
      answerers: await tx.select().from(schema.teamAnswerers).where(where(schema.teamAnswerers)),
      surveys: await tx
        .select()
        .from(schema.surveys)
        .where(where(schema.surveys))
        .orderBy(asc(schema.surveys.startsAt), asc(schema.surveys.type)),
      shares: await tx.select().from(schema.surveyShares).where(where(schema.surveyShares)),
      shareTeams: await tx.select().from(schema.surveyShareTeams).where(where(schema.surveyShareTeams)),
      responses: await tx.select().from(schema.surveyResponses).where(where(schema.surveyResponses)),
      aggregates: await tx.select().from(schema.surveyAggregates).where(where(schema.surveyAggregates)),
    };
  });
}

const questionsOf = async (templateId: string) => (await loadTemplate(db.db, templateId)).engineQuestions;

/** A stored response's answers as the engine takes them (a choice by its key). */
function toRawAnswers(questions: readonly TemplateQuestion[], stored: Record<string, number>): RawAnswers {
  const raw: Record<string, number | string> = {};
  for (const question of questions) {
    const value = stored[question.key];
    if (value === undefined || question.type === "GROUP") continue;
    if (question.type === "SLIDER") raw[question.key] = value;
    else raw[question.key] = question.choices.find((c) => c.value === value)?.key ?? `invalid:${value}`;
  }
  return raw;
}

/** What the engine folds from stored responses, computed here independently of the stored aggregates. */
const foldResponses = (
  prepared: PreparedTemplate,
  questions: readonly TemplateQuestion[],
  responses: ReadonlyArray<{ answers: unknown }>,
): Aggregates =>
  aggregateRespondents(
    responses.map((r) =>
      scoreRespondent(prepared, toRawAnswers(questions, r.answers as Record<string, number>)),
    ),
  );

const merged = (rows: Array<{ aggregates: unknown }>): Aggregates =>
  rows.reduce<Aggregates>(
    (sum, row) => mergeAggregates(sum, parseAggregates(row.aggregates)),
    emptyAggregates(),
  );

function expectSameMoments(actual: Record<string, Moments>, expected: Record<string, Moments>) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, moments] of Object.entries(expected)) {
    const stored = actual[key];
    expect(stored?.count).toBe(moments.count);
    expect(stored?.sum).toBeCloseTo(moments.sum, 6);
    expect(stored?.sumSquares).toBeCloseTo(moments.sumSquares, 4);
  }
}

const status = (survey: { startsAt: Date; endsAt: Date }, now = Date.now()) =>
  survey.startsAt.getTime() > now ? 0 : survey.endsAt.getTime() > now ? 100 : 200;

describe("the demo's surveys (issue 7)", () => {
  it("has three personnel teams and a management team with recipients on aurora.example", async () => {
    const { teams, answerers } = await demo();
    expect(teams.map((t) => `${t.type} ${t.name}`)).toEqual([
      "PERSONNEL Logistics",
      "MANAGEMENT Management team",
      "PERSONNEL Office",
      "PERSONNEL Production",
    ]);
    for (const team of teams) {
      const of = answerers.filter((a) => a.teamId === team.id);
      expect(of.length).toBeGreaterThanOrEqual(5);
      for (const a of of) expect(a.email).toMatch(/^[a-z]+\.[a-z]+@aurora\.example$/);
    }
  });

  it("has an earlier ended pair, an ended pair and a running personnel survey, with answers on their days", async () => {
    const { surveys, shares, responses } = await demo();
    expect(surveys.map((s) => [s.type, status(s)])).toEqual([
      ["MANAGEMENT", 200],
      ["PERSONNEL", 200],
      ["MANAGEMENT", 200],
      ["PERSONNEL", 200],
      ["PERSONNEL", 100],
    ]);
    const [earlier, , ended] = surveys;
    const months =
      ((ended?.startsAt.getTime() ?? 0) - (earlier?.startsAt.getTime() ?? 0)) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(5);
    expect(months).toBeLessThan(7);
    for (const survey of surveys) {
      const own = responses.filter((r) => r.surveyId === survey.id);
      expect(own.length).toBeGreaterThan(0);
      const days = own.map((r) => r.submittedOn).sort();
      expect(survey.latestAnswerOn).toBe(days[days.length - 1]);
      expect(days[0] && days[0] >= survey.startsAt.toISOString().slice(0, 10)).toBe(true);
      expect((days[days.length - 1] ?? "") <= new Date().toISOString().slice(0, 10)).toBe(true);
      expect(survey.name).toMatch(/^(Personnel|Management) (survey|follow-up) [A-Z][a-z]+ \d{4}$/);
    }
    // Every share but one has enough answers for the anonymity threshold; one is below it.
    const counts = shares.map((s) => responses.filter((r) => r.shareId === s.id).length);
    expect(counts.filter((n) => n < DEFAULT_ANONYMITY_THRESHOLD)).toHaveLength(1);
    expect(counts.filter((n) => n >= DEFAULT_ANONYMITY_THRESHOLD)).toHaveLength(shares.length - 1);
    // Several shares on the ended personnel survey.
    const endedPersonnel = surveys[3];
    expect(shares.filter((s) => s.surveyId === endedPersonnel?.id).length).toBeGreaterThanOrEqual(3);
    // Stored as a submission stores them: a random submission id and a hashed browser token.
    expect(new Set(responses.map((r) => r.submissionId)).size).toBe(responses.length);
    for (const r of responses) expect(r.browserTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers every question of its template with a valid value", async () => {
    const { surveys, responses } = await demo();
    for (const survey of surveys) {
      const questions = (await questionsOf(survey.templateId)).filter(
        (q): q is Exclude<TemplateQuestion, { type: "GROUP" }> => q.type !== "GROUP",
      );
      for (const response of responses.filter((r) => r.surveyId === survey.id)) {
        const answers = response.answers as Record<string, unknown>;
        expect(Object.keys(answers).sort()).toEqual(questions.map((q) => q.key).sort());
        for (const question of questions) {
          const value = answers[question.key];
          expect(typeof value).toBe("number");
          if (question.type === "SLIDER") {
            expect(value).toBeGreaterThanOrEqual(question.min);
            expect(value).toBeLessThanOrEqual(question.max);
            expect(((value as number) - question.min) % (question.step ?? 1)).toBe(0);
          } else {
            expect(question.choices.map((c) => c.value)).toContain(value);
          }
        }
      }
    }
  });

  it("keeps aggregates equal to what the engine folds from the stored responses", async () => {
    const { surveys, shareTeams, responses, aggregates } = await demo();
    expect(aggregates.length).toBe(shareTeams.length);
    for (const survey of surveys) {
      const questions = await questionsOf(survey.templateId);
      const prepared = prepareTemplate(DEFAULT_CATEGORY_TREE, questions);
      for (const link of shareTeams.filter((l) =>
        aggregates.some((a) => a.shareId === l.shareId && a.surveyId === survey.id),
      )) {
        const stored = merged(
          aggregates.filter((a) => a.shareId === link.shareId && a.teamId === link.teamId),
        );
        const folded = foldResponses(
          prepared,
          questions,
          responses.filter((r) => r.shareId === link.shareId && r.teamId === link.teamId),
        );
        expect(stored.respondents).toBe(folded.respondents);
        expectSameMoments(stored.categories, folded.categories);
        expectSameMoments(stored.questions, folded.questions);
      }
      // The survey's answer count is the sum over its aggregate rows.
      expect(merged(aggregates.filter((a) => a.surveyId === survey.id)).respondents).toBe(
        responses.filter((r) => r.surveyId === survey.id).length,
      );
    }
  });

  it("reports every category of the ended personnel survey and suppresses the share below the threshold", async () => {
    const { surveys, shares, aggregates } = await demo();
    const personnel = surveys[3];
    const management = surveys[2];
    if (!personnel || !management) throw new Error("surveys missing");
    const questions = await questionsOf(personnel.templateId);
    const report = computeReport({
      tree: DEFAULT_CATEGORY_TREE,
      questions,
      managementQuestions: await questionsOf(management.templateId),
      personnel: merged(aggregates.filter((a) => a.surveyId === personnel.id)),
      management: merged(aggregates.filter((a) => a.surveyId === management.id)),
    });
    expect(report.personnel.status).toBe("ok");
    for (const category of report.personnel.categories) {
      expect(category.value, category.name).not.toBeNull();
      for (const sub of category.subcategories) expect(sub.value, sub.name).not.toBeNull();
    }
    expect(report.personnel.culture.status).toBe("ok");
    expect(report.management?.categories.find((c) => c.name === "economy_customers")?.value).not.toBeNull();
    // Teams differ: the office sees its organisation otherwise than logistics does.
    const shareOf = (name: string) => shares.find((s) => s.surveyId === personnel.id && s.name === name);
    const side = (name: string) =>
      computeReport({
        tree: DEFAULT_CATEGORY_TREE,
        questions,
        personnel: merged(aggregates.filter((a) => a.shareId === shareOf(name)?.id)),
        management: null,
      }).personnel;
    const office = side("Office").fitnessIndex.overall.value ?? 0;
    const logistics = side("Logistics").fitnessIndex.overall.value ?? 0;
    expect(office - logistics).toBeGreaterThan(5);
    const small = side("Production night shift");
    expect(small.status).toBe("not_enough_answers");
    expect(small.categories.every((c) => c.value === null)).toBe(true);
  });

  it("has tasks made from the first personnel survey's findings, some done, with staff votes (issue 9)", async () => {
    const { tenant, surveys } = await demo();
    const first = surveys.find((s) => s.type === "PERSONNEL");
    const rows = await asOwner(db.owner, async (tx) => ({
      tasks: await tx.select().from(schema.tasks).where(eq(schema.tasks.tenantId, tenant.id)),
      votes: await tx.select().from(schema.taskVotes).where(eq(schema.taskVotes.tenantId, tenant.id)),
    }));
    expect(rows.tasks.length).toBe(6);
    expect(rows.tasks.filter((t) => t.status === "DONE").length).toBe(2);
    for (const task of rows.tasks) {
      expect(task.sourceSurveyId, task.name).toBe(first?.id);
      expect(task.categoryId, task.name).not.toBeNull();
      expect(task.staticTaskId, "every suggestion stays open for the visitor").toBeNull();
      // The board's count is the votes stored, each only a hash of a browser token.
      expect(rows.votes.filter((v) => v.taskId === task.id).length, task.name).toBe(task.voteCount);
    }
    expect(rows.votes.every((v) => /^[0-9a-f]{64}$/.test(v.sessionHash))).toBe(true);
  });

  it("seeds again without duplicating, and fills a demo organisation that has no survey yet", async () => {
    const before = await demo();
    await runSeed();
    const again = await demo();
    expect(again.surveys.map((s) => s.id)).toEqual(before.surveys.map((s) => s.id));
    expect(again.responses.length).toBe(before.responses.length);

    // A database seeded before surveys existed: the organisation has its people but no survey.
    await asOwner(db.owner, (tx) =>
      tx.delete(schema.surveys).where(eq(schema.surveys.tenantId, before.tenant.id)),
    );
    expect((await demo()).responses).toEqual([]);
    await runSeed();
    const refilled = await demo();
    expect(refilled.surveys.map((s) => [s.type, s.name])).toEqual(
      before.surveys.map((s) => [s.type, s.name]),
    );
    expect(refilled.responses.length).toBe(before.responses.length);
    // The same generator: the same answers.
    const sorted = (rows: typeof before.responses) => rows.map((r) => JSON.stringify(r.answers)).sort();
    expect(sorted(refilled.responses)).toEqual(sorted(before.responses));
    // Teams and recipients were kept, not made twice.
    expect(refilled.teams.map((t) => t.id)).toEqual(before.teams.map((t) => t.id));
    expect(refilled.answerers.length).toBe(before.answerers.length);
    const tasks = await asOwner(db.owner, (tx) =>
      tx.select().from(schema.tasks).where(eq(schema.tasks.tenantId, before.tenant.id)),
    );
    expect(tasks.length, "tasks are seeded once").toBe(6);
  });
});
