import { seed } from "@kunto/api";
import { hashPassword } from "@kunto/auth";
import { createSystemDb, schema, type Tx } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fitnessAgainstMoney } from "../../../../packages/api/src/financials/fitness-money";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { answeredSurvey } from "../support/reports";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 23 "Beyond the documents": GET /api/tenant/financial/fitness sets the Company Fitness Index
 * of the personnel surveys against revenue growth, EBITDA % and equity ratio on one time axis. Plan
 * gate, roles, the KPI points (growth against the previous statement), the anonymity rule (a
 * withheld survey gives no point, as the dashboard shows none) and the demo's points.
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

async function member(tenantId: string, role: string): Promise<Actor> {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: [role] });
  return actorFor(db.db, role, user.id);
}

const fitnessCall = (actor: Actor, tenantId: string) =>
  rest(server, { method: "GET", path: "/api/tenant/financial/fitness", actor, tenantId });

describe("plan gate and roles", () => {
  it("FREE: 403 plan_required (feature financials)", async () => {
    const free = await makeTenant(db.owner, { plan: "FREE" });
    const answer = await fitnessCall(await member(free.id, "tenant_admin"), free.id);
    expect([answer.status, errorOf(answer).error_key]).toEqual([403, "plan_required"]);
  });

  it("PRO: every member reads it, as GET /tenant/financial (empty without surveys and statements)", async () => {
    const pro = await makeTenant(db.owner, { plan: "PRO" });
    for (const role of ["tenant_basic", "tenant_readonly", "tenant_admin"]) {
      const answer = outputOf("financial.fitness", await fitnessCall(await member(pro.id, role), pro.id));
      expect(answer).toEqual({ fitness: [], kpis: [] });
    }
  });
});

describe("the KPI points", () => {
  it("revenue growth against the previous statement (null for the first), EBITDA % and equity ratio in percent", async () => {
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.financialStatements).values([
        // Inserted out of order: the points are oldest first.
        {
          tenantId: tenant.id,
          financialStatementToDate: "2024-12-31",
          currency: "EUR",
          salesRevenue: 1_200_000,
          ebitdaPercent: null,
          equityRatioPercent: 0.45,
        },
        {
          tenantId: tenant.id,
          financialStatementToDate: "2023-12-31",
          currency: "EUR",
          salesRevenue: 1_000_000,
          ebitdaPercent: 0.1,
          equityRatioPercent: 0.4,
        },
      ]),
    );
    const answer = outputOf(
      "financial.fitness",
      await fitnessCall(await member(tenant.id, "tenant_basic"), tenant.id),
    );
    expect(answer.fitness).toEqual([]);
    expect(answer.kpis.map((k) => k.financialStatementToDate)).toEqual(["2023-12-31", "2024-12-31"]);
    const [first, second] = answer.kpis;
    expect(first?.revenueGrowth).toBeNull();
    expect(first?.ebitdaPercent).toBeCloseTo(10, 10);
    expect(first?.equityRatio).toBeCloseTo(40, 10);
    expect(second?.revenueGrowth).toBeCloseTo(20, 10);
    expect(second?.ebitdaPercent).toBeNull();
    expect(second?.equityRatio).toBeCloseTo(45, 10);
  });
});

describe("the fitness points", () => {
  it("one point per shown personnel survey at its end, as its calculation; a withheld survey gives none", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
    const actor = await member(tenant.id, "tenant_basic");
    const shown = await answeredSurvey(db.db, db.owner, tenant.id, {
      answers: [4],
      endsAt: daysAgo(100),
      seed: 11,
      name: "Spring",
    });
    // Below the threshold of 3: withheld, and the latest, so the dashboard withholds it too.
    const withheld = await answeredSurvey(db.db, db.owner, tenant.id, {
      answers: [2],
      endsAt: daysAgo(20),
      seed: 21,
    });
    const management = await answeredSurvey(db.db, db.owner, tenant.id, {
      type: "MANAGEMENT",
      answers: [3],
      endsAt: daysAgo(60),
      seed: 31,
    });

    const dashboard = outputOf(
      "dashboard.survey",
      await rest(server, { method: "GET", path: "/api/tenant/survey/dashboard", actor, tenantId: tenant.id }),
    );
    expect([dashboard.personnel?.survey.key, dashboard.personnel?.status]).toEqual([
      withheld.key,
      "not_enough_answers",
    ]);

    const answer = outputOf("financial.fitness", await fitnessCall(actor, tenant.id));
    expect(answer.fitness.map((p) => p.surveyKey)).toEqual([shown.key]);
    for (const absent of [withheld.key, management.key])
      expect(answer.fitness.map((p) => p.surveyKey)).not.toContain(absent);
    const calculation = outputOf(
      "surveyResults.calculation",
      await rest(server, {
        method: "GET",
        path: `/api/tenant/survey/${shown.key}/calculation`,
        actor,
        tenantId: tenant.id,
      }),
    );
    const index = calculation.lta?.fitnessIndex;
    expect(answer.fitness[0]).toEqual({
      surveyKey: shown.key,
      name: "Spring",
      end: expect.any(String),
      overall: index?.overall.value,
      efficiency: index?.efficiency.value,
      capability: index?.capability.value,
      leadership: index?.leadership.value,
    });
    expect(Math.abs(new Date(answer.fitness[0]?.end ?? 0).getTime() - daysAgo(100).getTime())).toBeLessThan(
      60_000,
    );
  });
});

describe("the demo organisation", () => {
  it("has points on both sides: its shown personnel surveys and its five statements", async () => {
    const { system, close } = createSystemDb(inject("ownerUrl"), { max: 1 });
    try {
      await seed({ system, hashPassword, adminEmail: "admin@kunto.local" });
    } finally {
      await close();
    }
    const result = await asOwner(db.owner, async (tx) => {
      const [demo] = await tx
        .select({ id: schema.tenants.id })
        .from(schema.tenants)
        .where(and(eq(schema.tenants.name, DEMO_TENANT.name), isNull(schema.tenants.sandboxId)));
      if (!demo) throw new Error("no demo organisation");
      return fitnessAgainstMoney(tx as unknown as Tx, demo.id);
    });
    expect(result.kpis).toHaveLength(5);
    expect(result.kpis[0]?.revenueGrowth).toBeNull();
    expect(result.kpis.slice(1).every((k) => typeof k.revenueGrowth === "number")).toBe(true);
    expect(result.fitness.length).toBeGreaterThanOrEqual(2);
    expect(result.fitness.every((p) => p.overall >= 0 && p.overall <= 100)).toBe(true);
  });
});
