import { randomBytes, randomUUID } from "node:crypto";
import { submitResponse } from "@kunto/api";
import { AppError, addDays, dayOf, defaultShareOf } from "@kunto/core";
import { loadDefaultContent, schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { answeredSurvey, answersFor } from "../support/reports";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 19.15 and 19.16, the FREE plan's rules of document 2 §6 ("single-team analyses, one
 * selected share per report"): a share holds one team on FREE (more: 403 `plan_required`, feature
 * `combinedAnalyses`) while PRO combines teams, a share kept from a paid plan stays readable; and a
 * FREE report starts on a share with answers, not on an unanswered one that sorts first by name.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  await asOwner(db.owner, (tx) => loadDefaultContent(tx));
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

type Plan = "FREE" | "PRO" | "TOTAL";

async function adminOf(tenantId: string) {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_admin"] });
  const actor = await actorFor(db.db, "admin", user.id);
  const as = (method: string, path: string, body?: unknown) =>
    rest(server, { actor, tenantId, method, path: `/api${path}`, body });
  return { actor, call: as };
}

/** An organisation on `plan` with a running personnel survey and three personnel teams. */
async function organisation(plan: Plan) {
  const tenant = await makeTenant(db.owner, { plan, anonymityThreshold: 3 });
  const { actor, call } = await adminOf(tenant.id);
  const team = async (name: string) =>
    outputOf("team.create", await call("POST", "/tenant/team", { name, type: "PERSONNEL" }));
  const teams = [await team("Alpha"), await team("Beta"), await team("Gamma")] as const;
  const today = dayOf(new Date());
  const survey = outputOf(
    "survey.create",
    await call("POST", "/tenant/survey", { type: "PERSONNEL", start: today, end: addDays(today, 7) }),
  );
  return { tenant, actor, call, teams, survey };
}

const keysOf = (teams: Array<{ key: string }>) => teams.map((t) => t.key);

async function causeOf(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof AppError ? cause : null;
  }
  return null;
}

describe("issue 19.15: FREE makes single-team analyses, PRO combines teams", () => {
  it("FREE: a share with two teams is refused on create and on change (403 plan_required, combinedAnalyses)", async () => {
    const org = await organisation("FREE");
    const [alpha, beta] = org.teams;
    const both = await org.call("POST", "/tenant/surveyshare", {
      name: "Both",
      surveyKey: org.survey.key,
      teams: keysOf([alpha, beta]),
    });
    expect([both.status, errorOf(both).error_key]).toEqual([403, "plan_required"]);
    // The refusal names the feature, as the other plan refusals do.
    const { caller } = await callerFor(db.db, org.actor, org.tenant.id);
    const refused = await causeOf(
      caller.surveyShare.create({ name: "Both", surveyKey: org.survey.key, teams: keysOf([alpha, beta]) }),
    );
    expect(refused?.key).toBe("plan_required");
    expect(refused?.details).toMatchObject({ feature: "combinedAnalyses" });
    // Nothing was made.
    const none = await org.call("GET", `/tenant/surveyshare/bysurvey/${org.survey.key}`);
    expect(outputOf("surveyShare.bySurvey", none)).toEqual([]);

    // One team is a FREE share (the same key twice is one team).
    const share = outputOf(
      "surveyShare.create",
      await org.call("POST", "/tenant/surveyshare", {
        name: alpha.name,
        surveyKey: org.survey.key,
        teams: [alpha.key, alpha.key],
      }),
    );
    expect(share.teams.map((t) => t.key)).toEqual([alpha.key]);

    // Changing it to hold a second team is refused too, and it keeps its one team.
    const grown = await org.call("PUT", `/tenant/surveyshare/${share.key}`, {
      name: "Both",
      teams: keysOf([alpha, beta]),
    });
    expect([grown.status, errorOf(grown).error_key]).toEqual([403, "plan_required"]);
    const kept = outputOf("surveyShare.get", await org.call("GET", `/tenant/surveyshare/${share.key}`));
    expect(kept).toMatchObject({ name: alpha.name, teams: [{ key: alpha.key }] });
    // Another single team is a change FREE may make.
    const moved = outputOf(
      "surveyShare.update",
      await org.call("PUT", `/tenant/surveyshare/${share.key}`, { name: beta.name, teams: [beta.key] }),
    );
    expect(moved.teams.map((t) => t.key)).toEqual([beta.key]);
  });

  it("PRO: a share combines teams on create and on change", async () => {
    const org = await organisation("PRO");
    const [alpha, beta, gamma] = org.teams;
    const share = outputOf(
      "surveyShare.create",
      await org.call("POST", "/tenant/surveyshare", {
        name: "Both",
        surveyKey: org.survey.key,
        teams: keysOf([alpha, beta]),
      }),
    );
    expect(share.teams.map((t) => t.key).sort()).toEqual(keysOf([alpha, beta]).sort());
    expect(share.links).toHaveLength(2);
    const all = outputOf(
      "surveyShare.update",
      await org.call("PUT", `/tenant/surveyshare/${share.key}`, {
        name: "All",
        teams: keysOf([alpha, beta, gamma]),
      }),
    );
    expect(all.links).toHaveLength(3);
  });

  it("a share kept from PRO stays readable after a downgrade to FREE; it may keep its teams, not gain one", async () => {
    const org = await organisation("PRO");
    const [alpha, beta, gamma] = org.teams;
    const share = outputOf(
      "surveyShare.create",
      await org.call("POST", "/tenant/surveyshare", {
        name: "Both",
        surveyKey: org.survey.key,
        teams: keysOf([alpha, beta]),
      }),
    );
    // Answers through both teams of the share, as the respondent page sends them.
    const [template] = await asOwner(db.owner, (tx) =>
      tx
        .select({ templateId: schema.surveys.templateId })
        .from(schema.surveys)
        .where(eq(schema.surveys.key, org.survey.key)),
    );
    let seed = 1;
    for (const team of [alpha, alpha, beta]) {
      await submitResponse(db.db, share.key, team.urlSafeName, {
        submissionId: randomUUID(),
        browserToken: randomBytes(24).toString("base64url"),
        language: "en",
        answers: await answersFor(db.db, template?.templateId ?? "", seed++),
      });
    }
    await asOwner(db.owner, (tx) =>
      tx.update(schema.tenants).set({ plan: "FREE" }).where(eq(schema.tenants.id, org.tenant.id)),
    );
    // A new session: no check remembered from the PRO days.
    const free = await adminOf(org.tenant.id);

    const read = outputOf("surveyShare.get", await free.call("GET", `/tenant/surveyshare/${share.key}`));
    expect(read.teams).toHaveLength(2);
    const listed = outputOf(
      "surveyShare.bySurvey",
      await free.call("GET", `/tenant/surveyshare/bysurvey/${org.survey.key}`),
    );
    expect(listed.map((s) => s.teams.length)).toEqual([2]);
    // Its report (one share, as FREE may select) still answers with both teams' answers.
    const { caller } = await callerFor(db.db, free.actor, org.tenant.id);
    const report = await caller.report.byShares({ keys: share.key, lang: "en" });
    expect(report.metadata.answers.personnel).toBe(3);

    // Renamed with the very teams it has: allowed. A third team: refused. Down to one: allowed.
    const renamed = outputOf(
      "surveyShare.update",
      await free.call("PUT", `/tenant/surveyshare/${share.key}`, {
        name: "Renamed",
        teams: keysOf([beta, alpha]),
      }),
    );
    expect(renamed).toMatchObject({ name: "Renamed" });
    expect(renamed.teams).toHaveLength(2);
    const grown = await free.call("PUT", `/tenant/surveyshare/${share.key}`, {
      name: "Renamed",
      teams: keysOf([alpha, beta, gamma]),
    });
    expect([grown.status, errorOf(grown).error_key]).toEqual([403, "plan_required"]);
    const swapped = await free.call("PUT", `/tenant/surveyshare/${share.key}`, {
      name: "Renamed",
      teams: keysOf([alpha, gamma]),
    });
    expect([swapped.status, errorOf(swapped).error_key]).toEqual([403, "plan_required"]);
    const narrowed = outputOf(
      "surveyShare.update",
      await free.call("PUT", `/tenant/surveyshare/${share.key}`, { name: "Alpha", teams: [alpha.key] }),
    );
    expect(narrowed.teams.map((t) => t.key)).toEqual([alpha.key]);
  });
});

describe("issue 19.16: a FREE report starts on a share with answers", () => {
  it("FREE: the default share is the answered one, not the unanswered one that sorts first by name", async () => {
    const tenant = await makeTenant(db.owner, { plan: "FREE", anonymityThreshold: 3 });
    // "Share 1" has no answers and sorts first; "Share 2" has three.
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [0, 3] });
    const [unanswered, answered] = survey.shares;
    if (!unanswered || !answered) throw new Error("two shares");
    const { call, actor } = await adminOf(tenant.id);
    const options = outputOf("report.options", await call("GET", "/tenant/reports/options"));
    expect(options.maxSelectedShares).toBe(1);
    expect(options.defaults.personnel).toBe(survey.key);
    const offered = options.personnel.find((s) => s.key === survey.key);
    expect(offered?.shares.map((s) => [s.name, s.answers])).toEqual([
      ["Share 1", 0],
      ["Share 2", 3],
    ]);
    // The rule the report screen applies (report-model.ts selectionOf) to what the options give.
    const start = defaultShareOf(offered?.shares ?? []);
    // Report options name a share by its id, never by its public link's key.
    expect(start?.key).toBe(answered.id);
    expect(start?.key).not.toBe(unanswered.id);
    // That start is a report with answers; the unanswered share's would have none.
    const { caller } = await callerFor(db.db, actor, tenant.id);
    const report = await caller.report.byShares({ keys: start?.key ?? "", lang: "en" });
    expect(report.metadata.answers.personnel).toBe(3);
    expect(report.personnel?.result.status).toBe("ok");
    const empty = await caller.report.byShares({ keys: unanswered.key, lang: "en" });
    expect(empty.metadata.answers.personnel).toBe(0);
  });
});
