import { randomBytes, randomUUID } from "node:crypto";
import { submitResponse } from "@kunto/api";
import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
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
import { answeredSurvey, answersFor, type ReportSurvey } from "../support/reports";
import { type OutputOf, outputOf, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 18.2: trend lines. Every started survey of a type, oldest first, with the fitness index and
 * each top-level category of its released results: the survey calculation's numbers, null where
 * the anonymity rule withholds them, and unmoved by answers that are not released yet.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

type TrendLine = OutputOf<"report.trendLine">;
type Calculation = OutputOf<"surveyResults.calculation">;

async function reader(tenantId: string): Promise<Actor> {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_basic"] });
  return actorFor(db.db, "basic", user.id);
}

async function lineOf(actor: Actor, tenantId: string, type: "PERSONNEL" | "MANAGEMENT"): Promise<TrendLine> {
  return outputOf(
    "report.trendLine",
    await rest(server, { method: "GET", path: `/api/tenant/reports/trend/${type}`, actor, tenantId }),
  );
}

async function calculationOf(actor: Actor, tenantId: string, key: string): Promise<Calculation> {
  return outputOf(
    "surveyResults.calculation",
    await rest(server, { method: "GET", path: `/api/tenant/survey/${key}/calculation`, actor, tenantId }),
  );
}

/** One more respondent on the survey's first share. */
async function answer(survey: ReportSurvey, seed: number) {
  const share = survey.shares[0];
  if (!share) throw new Error("share");
  await submitResponse(db.db, share.key, share.team, {
    submissionId: randomUUID(),
    browserToken: randomBytes(24).toString("base64url"),
    language: "en",
    answers: await answersFor(db.db, survey.templateId, seed),
  });
}

describe("issue 18.2: trend lines over every survey of a type", () => {
  it("issue 18.2: a line over every started survey of the type, oldest first, with the released numbers and withheld points", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const actor = await reader(tenant.id);
    const personnel = (answers: number, ended: number | null, seed: number) =>
      answeredSurvey(db.db, db.owner, tenant.id, {
        answers: [answers],
        seed,
        name: `Personnel ${seed}`,
        ...(ended === null ? { running: true } : { endsAt: daysAgo(ended) }),
      });
    // Made out of order: the line orders them by their end.
    const p3 = await personnel(4, 100, 30);
    const p0 = await personnel(0, 400, 1);
    const p1 = await personnel(3, 300, 10);
    const p2 = await personnel(2, 200, 20); // below the threshold of 3: withheld
    const p4 = await personnel(3, null, 40); // running
    const management = await answeredSurvey(db.db, db.owner, tenant.id, {
      type: "MANAGEMENT",
      answers: [2],
      endsAt: daysAgo(250),
      seed: 50,
    });
    // Not started yet: not a point.
    const upcoming = await makeSharedSurvey(db.owner, tenant.id, {
      startsAt: new Date(Date.now() + 5 * DAY),
      endsAt: new Date(Date.now() + 20 * DAY),
    });
    // Another organisation's survey of the type.
    const other = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const foreign = await answeredSurvey(db.db, db.owner, other.id, { answers: [3], endsAt: daysAgo(150) });

    const line = await lineOf(actor, tenant.id, "PERSONNEL");
    expect(line.type).toBe("PERSONNEL");
    expect(line.anonymityThreshold).toBe(3);
    expect(line.points.map((p) => p.key)).toEqual([p0.key, p1.key, p2.key, p3.key, p4.key]);
    const keys = line.points.map((p) => p.key);
    for (const absent of [management.key, upcoming.survey.key, foreign.key])
      expect(keys).not.toContain(absent);
    expect(line.categories).toEqual(expect.arrayContaining(["efficiency", "capability", "leadership"]));
    expect(line.categories).not.toContain("economy_customers");
    expect(line.points.map((p) => p.status)).toEqual([200, 200, 200, 200, 100]);
    expect(line.points.map((p) => p.result)).toEqual(["no_data", "ok", "not_enough_answers", "ok", "ok"]);
    // Released counts: the two answers of the withheld survey were never released.
    expect(line.points.map((p) => p.respondents)).toEqual([0, 3, 0, 4, 3]);
    expect(line.points[1]?.name).toBe("Personnel 10");

    expect(line.points.map((p) => p.withheld)).toEqual([[], [], line.categories, [], []]);
    // Withheld and empty points carry no number at all.
    for (const point of [line.points[0], line.points[2]]) {
      expect(point?.fitnessIndex).toBeNull();
      expect(Object.values(point?.categories ?? {}).every((v) => v === null)).toBe(true);
    }
    // Every shown point is its survey's calculation, unrounded, and the report's fitness index.
    for (const point of line.points) {
      const calculation = await calculationOf(actor, tenant.id, point.key);
      const side = calculation.lta;
      if (point.result === "ok") {
        expect(side?.status).toBe("ok");
        expect(point.fitnessIndex).not.toBeNull();
        expect(point.fitnessIndex).toBe(side?.fitnessIndex.overall.value);
        expect(point.respondents).toBe(calculation.metadata.answers);
      }
      for (const name of line.categories)
        expect(point.categories[name], `${point.key} ${name}`).toBe(
          point.result === "ok" ? (side?.categories.find((c) => c.name === name)?.value ?? null) : null,
        );
    }
    const report = outputOf(
      "report.bySurveys",
      await rest(server, {
        method: "GET",
        path: `/api/tenant/survey/reports/${p3.key}?lang=en`,
        actor,
        tenantId: tenant.id,
      }),
    );
    expect(line.points[3]?.fitnessIndex).toBe(report.personnel?.result.fitnessIndex.overall.value);
    expect(Number.isInteger(line.points[3]?.fitnessIndex)).toBe(false);

    // The other type's line holds only its own survey (management has no threshold).
    const managementLine = await lineOf(actor, tenant.id, "MANAGEMENT");
    expect(managementLine.anonymityThreshold).toBeNull();
    expect(managementLine.points.map((p) => [p.key, p.result, p.respondents])).toEqual([
      [management.key, "ok", 2],
    ]);
    expect(managementLine.categories).toContain("economy_customers");
    expect(managementLine.points[0]?.fitnessIndex).not.toBeNull();
  });

  it("issue 18.2: answers not yet released do not move a point; a step of them does", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const actor = await reader(tenant.id);
    await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3], endsAt: daysAgo(200), seed: 1 });
    await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3], endsAt: daysAgo(100), seed: 5 });
    const running = await answeredSurvey(db.db, db.owner, tenant.id, {
      answers: [3],
      running: true,
      seed: 9,
    });
    const before = await lineOf(actor, tenant.id, "PERSONNEL");
    expect(before.points).toHaveLength(3);
    const last = before.points[2];
    expect(last?.key).toBe(running.key);
    expect(last?.respondents).toBe(3);
    expect(last?.fitnessIndex).not.toBeNull();

    // Two new answers: short of a step of 3, held back.
    await answer(running, 101);
    await answer(running, 102);
    const held = await lineOf(actor, tenant.id, "PERSONNEL");
    expect(held).toEqual(before);
    expect((await calculationOf(actor, tenant.id, running.key)).metadata.heldBack).toBe(2);

    // The third makes a step: the point moves, the earlier ones do not.
    await answer(running, 103);
    const moved = await lineOf(actor, tenant.id, "PERSONNEL");
    expect(moved.points.slice(0, 2)).toEqual(before.points.slice(0, 2));
    expect(moved.points[2]?.respondents).toBe(6);
    const calculation = await calculationOf(actor, tenant.id, running.key);
    expect(calculation.metadata.heldBack).toBe(0);
    expect(moved.points[2]?.fitnessIndex).toBe(calculation.lta?.fitnessIndex.overall.value);

    // The organisation raises its threshold: the points released under the lower one are withheld.
    await asOwner(db.owner, (tx) =>
      tx.update(schema.tenants).set({ anonymityThreshold: 4 }).where(eq(schema.tenants.id, tenant.id)),
    );
    const raised = await lineOf(actor, tenant.id, "PERSONNEL");
    expect(raised.anonymityThreshold).toBe(4);
    expect(raised.points.map((p) => p.result)).toEqual(["not_enough_answers", "not_enough_answers", "ok"]);
    expect(raised.points.map((p) => p.fitnessIndex === null)).toEqual([true, true, false]);
  });
});
