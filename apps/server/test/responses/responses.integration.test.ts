import { randomBytes, randomUUID } from "node:crypto";
import { loadTemplate, validateAnswers } from "@kunto/api";
import { dayOf } from "@kunto/core";
import { schema } from "@kunto/db";
import {
  addRespondent,
  aggregateRespondents,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  mergeAggregates,
  parseAggregates,
  prepareTemplate,
  type RawAnswers,
  scoreRespondent,
  type TemplateQuestion,
} from "@kunto/engine";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { makeSharedSurvey } from "../support/surveys";

/**
 * The respondent page's public REST calls and the survey calculation, over real HTTP on a real
 * PostgreSQL (issue 7): states, idempotent submissions, one answer per browser, validation, the
 * plan's cap, aggregates that equal the engine folding the same answers, and the stored row's
 * columns (no address, no time of day).
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;

type Question = {
  key: string;
  type: "GROUP" | "SLIDER" | "CHOICE_SINGLE";
  group: string | null;
  title: string;
  slider: { min: number; max: number; step: number } | null;
  choices: { value: number; label: string }[] | null;
};

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const get = (link: string, lang = "en") => server.fetch(`/api/public/survey/${link}?lang=${lang}`);
const post = (link: string, body: unknown) =>
  server.fetch(`/api/public/survey/${link}/response`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const token = () => randomBytes(24).toString("base64url");

/** Answers every scorable question with a value the page could send, varied by `seed`. */
function answersFor(questions: Question[], seed: number): Record<string, number> {
  const answers: Record<string, number> = {};
  questions.forEach((q, i) => {
    if (q.slider) {
      const steps = Math.round((q.slider.max - q.slider.min) / q.slider.step);
      answers[q.key] = q.slider.min + ((seed * 7 + i * 3) % (steps + 1)) * q.slider.step;
    } else if (q.choices?.length) {
      answers[q.key] = (q.choices[(seed + i) % q.choices.length] as { value: number }).value;
    }
  });
  return answers;
}

async function questionsOf(link: string): Promise<Question[]> {
  const res = await get(link);
  expect(res.status).toBe(200);
  return ((await res.json()) as { questions: Question[] }).questions;
}

describe("the public survey page", () => {
  it("shows a running survey's welcome text, groups and questions in the asked language, English as fallback", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link } = await makeSharedSurvey(db.owner, tenant.id);
    const fi = await get(link, "fi");
    expect(fi.status).toBe(200);
    expect(fi.headers.get("set-cookie")).toBeNull();
    const body = (await fi.json()) as {
      state: string;
      status: number;
      welcome: string;
      questions: Question[];
      organisationName: string;
    };
    expect(body.state).toBe("running");
    // Issue 19.3: the page names the organisation (this one, not another's).
    expect(body.organisationName).toBe(tenant.name);
    expect(body.status).toBe(100);
    expect(body.welcome).toMatch(/Tervetuloa/);
    expect(body.questions.some((q) => q.type === "GROUP")).toBe(true);
    const slider = body.questions.find((q) => q.type === "SLIDER");
    expect(slider?.slider).toMatchObject({ min: 0, max: 10, step: 1 });
    expect(body.questions.some((q) => q.type === "CHOICE_SINGLE" && (q.choices?.length ?? 0) > 1)).toBe(true);
    const en = (await (await get(link, "en")).json()) as { welcome: string; questions: Question[] };
    expect(en.welcome).toMatch(/Welcome/);
    expect(en.questions.map((q) => q.key)).toEqual(body.questions.map((q) => q.key));
    expect((await get(link, "xx")).status).toBe(400);
  });

  it("answers an unknown share or team with 404 survey_link_unknown", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { share } = await makeSharedSurvey(db.owner, tenant.id);
    for (const link of [`${"x".repeat(40)}/team`, `${share.key}/no-such-team`]) {
      const res = await get(link);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error_key: string }).error_key).toBe("survey_link_unknown");
      const sent = await post(link, {
        submissionId: randomUUID(),
        browserToken: token(),
        language: "en",
        answers: { a: 1 },
      });
      expect(sent.status).toBe(404);
      expect(((await sent.json()) as { error_key: string }).error_key).toBe("survey_link_unknown");
    }
  });

  it("refuses answers before the start and after the end with their keys, and says so in the page state", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const upcoming = await makeSharedSurvey(db.owner, tenant.id, {
      startsAt: new Date(Date.now() + DAY),
      endsAt: new Date(Date.now() + 2 * DAY),
    });
    const ended = await makeSharedSurvey(db.owner, tenant.id, {
      startsAt: new Date(Date.now() - 2 * DAY),
      endsAt: new Date(Date.now() - DAY),
    });
    const up = (await (await get(upcoming.link)).json()) as {
      state: string;
      status: number;
      startsAt: string;
      questions: unknown[];
    };
    expect(up).toMatchObject({ state: "upcoming", status: 0, questions: [] });
    expect(new Date(up.startsAt).getTime()).toBe(upcoming.survey.startsAt.getTime());
    expect(await (await get(ended.link)).json()).toMatchObject({
      state: "ended",
      status: 200,
      questions: [],
    });
    for (const [fixture, key] of [
      [upcoming, "survey_not_started"],
      [ended, "survey_ended"],
    ] as const) {
      const res = await post(fixture.link, {
        submissionId: randomUUID(),
        browserToken: token(),
        language: "fi",
        answers: { "p-org-1": 5 },
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error_key: string }).error_key).toBe(key);
    }
    const [count] =
      await db.ownerSql`select count(*)::int as n from survey_responses where survey_id in (${upcoming.survey.id}, ${ended.survey.id})`;
    expect(count?.n).toBe(0);
  });
});

describe("submissions", () => {
  it("stores a repeated submission id once and answers the retry as the first call", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const answers = answersFor(await questionsOf(link), 1);
    const body = { submissionId: randomUUID(), browserToken: token(), language: "fi", answers };
    const first = await post(link, body);
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    const firstBody = (await first.json()) as { stored: true; submittedOn: string };
    // The day in the organisations' time zone (the survey's days), never the time.
    expect(firstBody).toEqual({ stored: true, submittedOn: dayOf(new Date()) });
    const [again, atOnce] = await Promise.all([post(link, body), post(link, body)]);
    for (const res of [again, atOnce]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(firstBody);
    }
    const rows =
      await db.ownerSql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`;
    expect(rows[0]?.n).toBe(1);
    const aggregates =
      await db.ownerSql`select aggregates from survey_aggregates where survey_id = ${survey.id}`;
    expect(
      aggregates.reduce((n, row) => n + (row.aggregates as { respondents: number }).respondents, 0),
    ).toBe(1);
    const [latest] =
      await db.ownerSql`select latest_answer_on::text as d from surveys where id = ${survey.id}`;
    expect(latest?.d).toBe(firstBody.submittedOn);
  });

  it("recognises a second submission from the same browser, and stores only the token's hash", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, share } = await makeSharedSurvey(db.owner, tenant.id);
    const answers = answersFor(await questionsOf(link), 2);
    const browserToken = token();
    expect(
      (await post(link, { submissionId: randomUUID(), browserToken, language: "en", answers })).status,
    ).toBe(200);
    const second = await post(link, { submissionId: randomUUID(), browserToken, language: "en", answers });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error_key: string }).error_key).toBe("already_answered");
    const rows =
      await db.ownerSql`select browser_token_hash from survey_responses where share_id = ${share.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.browser_token_hash).not.toContain(browserToken);
    expect(rows[0]?.browser_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Another browser answers.
    expect(
      (await post(link, { submissionId: randomUUID(), browserToken: token(), language: "en", answers }))
        .status,
    ).toBe(200);
  });

  it("refuses invalid answers with invalid_answer and stores nothing", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const questions = await questionsOf(link);
    const slider = questions.find((q) => q.slider) as Question & { slider: { max: number; min: number } };
    const choice = questions.find((q) => q.choices) as Question & { choices: { value: number }[] };
    const group = questions.find((q) => q.type === "GROUP") as Question;
    const bad: Array<[Record<string, number>, number, string]> = [
      [{ [slider.key]: slider.slider.max + 1 }, 400, "invalid_answer"],
      [{ [slider.key]: slider.slider.min - 1 }, 400, "invalid_answer"],
      [{ [slider.key]: slider.slider.min + 0.5 }, 400, "invalid_answer"],
      [{ [choice.key]: Math.max(...choice.choices.map((c) => c.value)) + 1000 }, 400, "invalid_answer"],
      [{ "no-such-question": 1 }, 400, "invalid_answer"],
      [{ [group.key]: 1 }, 400, "invalid_answer"],
      [{}, 400, "invalid_answer"],
    ];
    for (const [answers, status, key] of bad) {
      const res = await post(link, {
        submissionId: randomUUID(),
        browserToken: token(),
        language: "en",
        answers,
      });
      expect(res.status, JSON.stringify(answers)).toBe(status);
      expect(((await res.json()) as { error_key: string }).error_key).toBe(key);
    }
    const wrongShape = await post(link, {
      submissionId: "not-a-uuid",
      browserToken: "short",
      language: "xx",
      answers: { a: "x" },
    });
    expect(wrongShape.status).toBe(400);
    const [count] =
      await db.ownerSql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`;
    expect(count?.n).toBe(0);
    // Unanswered questions are allowed: one answer is a response.
    const one = await post(link, {
      submissionId: randomUUID(),
      browserToken: token(),
      language: "en",
      answers: { [slider.key]: slider.slider.min },
    });
    expect(one.status).toBe(200);
  });

  it("refuses answers past the plan's respondent cap with survey_full, and the page says full", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    const { link, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const questions = await questionsOf(link);
    const sends = Array.from({ length: 12 }, (_, i) =>
      post(link, {
        submissionId: randomUUID(),
        browserToken: token(),
        language: "en",
        answers: answersFor(questions, i),
      }),
    );
    const statuses = await Promise.all(
      sends.map(async (p) => {
        const res = await p;
        return res.status === 200 ? "ok" : ((await res.json()) as { error_key: string }).error_key;
      }),
    );
    expect(statuses.filter((s) => s === "ok")).toHaveLength(10);
    expect(statuses.filter((s) => s === "survey_full")).toHaveLength(2);
    const [count] =
      await db.ownerSql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`;
    expect(count?.n).toBe(10);
    expect(await (await get(link)).json()).toMatchObject({ state: "full", status: 100, questions: [] });
  });
});

describe("aggregates and the calculation", () => {
  it("keeps aggregates equal to the engine folding the same answers, and the calculation calls answer the engine's result", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL", anonymityThreshold: 3 });
    const { link, survey, template } = await makeSharedSurvey(db.owner, tenant.id);
    const questions = await questionsOf(link);
    const sent = Array.from({ length: 20 }, (_, i) => answersFor(questions, i));
    await Promise.all(
      sent.map(async (answers) => {
        const res = await post(link, {
          submissionId: randomUUID(),
          browserToken: token(),
          language: "fi",
          answers,
        });
        expect(res.status).toBe(200);
      }),
    );
    // The engine's view of the template, from the database rows.
    const rows = await db.owner
      .select()
      .from(schema.surveyQuestions)
      .where(eq(schema.surveyQuestions.templateId, template.id));
    const choices =
      await db.ownerSql`select q.key as question, c.key, c.value from question_choices c join survey_questions q on q.id = c.question_id where q.template_id = ${template.id}`;
    const engineQuestions: TemplateQuestion[] = rows.map((q) =>
      q.type === "SLIDER"
        ? {
            key: q.key,
            type: "SLIDER",
            category: q.category,
            min: q.sliderMin ?? 0,
            max: q.sliderMax ?? 100,
            step: q.sliderStep ?? 1,
          }
        : q.type === "CHOICE_SINGLE"
          ? {
              key: q.key,
              type: "CHOICE_SINGLE",
              category: q.category,
              choices: choices
                .filter((c) => c.question === q.key)
                .map((c) => ({ key: c.key as string, value: c.value as number })),
            }
          : { key: q.key, type: "GROUP" },
    );
    const prepared = prepareTemplate(DEFAULT_CATEGORY_TREE, engineQuestions);
    const toRaw = (answers: Record<string, number>): RawAnswers =>
      Object.fromEntries(
        Object.entries(answers).map(([key, value]) => {
          const choice = choices.find((c) => c.question === key && c.value === value);
          return [key, choice ? (choice.key as string) : value];
        }),
      );
    const expected = aggregateRespondents(sent.map((a) => scoreRespondent(prepared, toRaw(a))));
    const stripes =
      await db.ownerSql`select stripe, aggregates from survey_aggregates where survey_id = ${survey.id}`;
    expect(stripes.length).toBeGreaterThan(1);
    const stored = stripes.map((r) => parseAggregates(r.aggregates)).reduce(mergeAggregates);
    expect(stored.respondents).toBe(20);
    for (const [name, moments] of Object.entries(expected.categories)) {
      const got = stored.categories[name];
      expect(got?.count, name).toBe(moments.count);
      expect(got?.sum).toBeCloseTo(moments.sum, 6);
      expect(got?.sumSquares).toBeCloseTo(moments.sumSquares, 4);
    }
    expect(Object.keys(stored.questions).sort()).toEqual(Object.keys(expected.questions).sort());
    for (const [key, moments] of Object.entries(expected.questions)) {
      expect(stored.questions[key]?.sum, key).toBeCloseTo(moments.sum, 6);
    }

    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const actor = await actorFor(db.db, "admin", admin.id);
    for (const path of ["calculate", "calculation"]) {
      const res = await server.fetch(`/api/tenant/survey/${survey.key}/${path}`, {
        headers: { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        metadata: { answers: number };
        anonymityThreshold: number;
        oja: unknown;
        lta: { status: string; categories: { name: string; value: number | null; count: number }[] };
      };
      expect(body.metadata.answers).toBe(20);
      expect(body.anonymityThreshold).toBe(3);
      expect(body.oja).toBeNull();
      expect(body.lta.status).toBe("ok");
      const leadership = body.lta.categories.find((c) => c.name === "leadership");
      const moments = expected.categories.leadership as { sum: number; count: number };
      expect(leadership?.count).toBe(moments.count);
      expect(leadership?.value).toBeCloseTo(moments.sum / moments.count, 6);
    }
    const missing = await server.fetch("/api/tenant/survey/NOSUCHKEY/calculation", {
      headers: { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id },
    });
    expect(missing.status).toBe(404);
  });

  it("adds two stored aggregates in SQL (kunto_add_aggregates) exactly as the engine's mergeAggregates", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const shared = await makeSharedSurvey(db.owner, tenant.id);
    const questions = (await questionsOf(shared.link)).filter((q) => q.type !== "GROUP");
    const template = await loadTemplate(db.db, shared.template.id);
    // Respondents who skip different questions, so the two sides hold keys the other lacks.
    const one = (i: number) => {
      const answers = answersFor(
        questions.filter((_, n) => (n + i) % 4 !== 0),
        i,
      );
      return addRespondent(
        emptyAggregates(),
        scoreRespondent(template.prepared, validateAnswers(template, answers)),
      );
    };
    let inJs = emptyAggregates();
    let inSql: unknown = inJs;
    for (let i = 0; i < 12; i++) {
      const added = one(i);
      inJs = mergeAggregates(inJs, added);
      [{ sum: inSql }] =
        await db.ownerSql`select kunto_add_aggregates(${JSON.stringify(inSql)}::jsonb, ${JSON.stringify(added)}::jsonb) as sum`;
    }
    const a = parseAggregates(inSql);
    expect(a.respondents).toBe(12);
    for (const section of ["categories", "questions"] as const) {
      expect(Object.keys(a[section]).sort()).toEqual(Object.keys(inJs[section]).sort());
      for (const [key, moments] of Object.entries(inJs[section])) {
        expect(a[section][key]?.count, key).toBe(moments.count);
        expect(a[section][key]?.sum).toBeCloseTo(moments.sum, 6);
        expect(a[section][key]?.sumSquares).toBeCloseTo(moments.sumSquares, 3);
      }
    }
  });

  it("hides a personnel result below the threshold and shows a management result without one", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL", anonymityThreshold: 5 });
    const personnel = await makeSharedSurvey(db.owner, tenant.id);
    const management = await makeSharedSurvey(db.owner, tenant.id, { type: "MANAGEMENT" });
    for (const fixture of [personnel, management]) {
      const questions = await questionsOf(fixture.link);
      for (let i = 0; i < 2; i++)
        expect(
          (
            await post(fixture.link, {
              submissionId: randomUUID(),
              browserToken: token(),
              language: "en",
              answers: answersFor(questions, i),
            })
          ).status,
        ).toBe(200);
    }
    const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_readonly"] });
    const actor = await actorFor(db.db, "reader", admin.id);
    const read = async (key: string) =>
      (await (
        await server.fetch(`/api/tenant/survey/${key}/calculation`, {
          headers: { cookie: actor.cookie ?? "", "x-tenant-id": tenant.id },
        })
      ).json()) as {
        lta: { status: string } | null;
        oja: { status: string; respondents: number } | null;
        anonymityThreshold: number | null;
      };
    const p = await read(personnel.survey.key);
    expect(p.lta?.status).toBe("not_enough_answers");
    const m = await read(management.survey.key);
    expect(m.lta).toBeNull();
    expect(m.anonymityThreshold).toBeNull();
    expect(m.oja).toMatchObject({ status: "ok", respondents: 2 });
  });
});

describe("the stored response", () => {
  it("has no column that can hold an IP address or a time of day", async () => {
    const columns = await db.ownerSql<{ column_name: string; data_type: string }[]>`
      select column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name = 'survey_responses'`;
    expect(columns.length).toBeGreaterThan(5);
    for (const column of columns) {
      expect(column.data_type, column.column_name).not.toMatch(/inet|cidr|macaddr|time|interval/);
      expect(column.column_name).not.toMatch(/ip|address|agent|_at$|time/);
    }
    expect(columns.find((c) => c.column_name === "submitted_on")?.data_type).toBe("date");
    // The answers' jsonb holds only what the schema allowed: question keys and numbers.
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const answers = answersFor(await questionsOf(link), 3);
    await post(link, { submissionId: randomUUID(), browserToken: token(), language: "en", answers });
    const [row] = await asOwner(db.owner, (tx) =>
      tx.execute<{ answers: Record<string, number> }>(
        sql`select answers from survey_responses where survey_id = ${survey.id}`,
      ),
    );
    expect(row?.answers).toEqual(answers);
  });
});
