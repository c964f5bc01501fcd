import { addDays, dayOf, publicSurveyLink } from "@kunto/core";
import { loadDefaultContent } from "@kunto/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerThroughPage } from "../support/answers";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/**
 * Issue 19.17, document 2 §6 "Notification toggle, copy link: tenant_admin yes, tenant_readonly
 * no": the public links of a survey's shares, and the share keys they are made of, reach only those
 * who may manage shares (`survey.write`). A read-only member (a real `tenant_readonly` membership)
 * reads the shares' names, answerer counts and teams with the key and links null; reports name a
 * share by its id for everyone, so no output gives a read-only (or basic) member a share key
 * (docs/decisions.md "Survey pages: links for read-only users, upcoming surveys").
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

/** A PRO organisation with an admin, a read-only and a basic member, a shared survey with 3 answers. */
async function organisation() {
  const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3 });
  const member = async (role: string) => {
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: [role] });
    const actor: Actor = await actorFor(db.db, role, user.id);
    return (method: string, path: string, body?: unknown) =>
      rest(server, { actor, tenantId: tenant.id, method, path: `/api${path}`, body });
  };
  const admin = await member("tenant_admin");
  const readonly = await member("tenant_readonly");
  const basic = await member("tenant_basic");
  const team = outputOf(
    "team.create",
    await admin("POST", "/tenant/team", {
      name: "Sales",
      type: "PERSONNEL",
      answerers: ["a@example.test", "b@example.test"],
    }),
  );
  const today = dayOf(new Date());
  const survey = outputOf(
    "survey.create",
    await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: today, end: addDays(today, 7) }),
  );
  const share = outputOf(
    "surveyShare.create",
    await admin("POST", "/tenant/surveyshare", {
      name: "Sales",
      surveyKey: survey.key,
      answerers: 12,
      teams: [team.key],
    }),
  );
  await answerThroughPage(server, `${share.key}/${team.urlSafeName}`, 3);
  return { admin, readonly, basic, team, survey, share };
}

describe("issue 19.17: survey links only for those who may manage shares", () => {
  it("the share reads give the admin the key and links, a read-only member the rest without them", async () => {
    const { admin, readonly, team, survey, share } = await organisation();
    const link = publicSurveyLink(server.base, share.key, team.urlSafeName);
    const paths = [`/tenant/surveyshare/bysurvey/${survey.key}`, `/tenant/surveyshare/${share.key}`];
    const [listAdmin, oneAdmin] = [
      outputOf("surveyShare.bySurvey", await admin("GET", paths[0] as string)),
      outputOf("surveyShare.get", await admin("GET", paths[1] as string)),
    ];
    const [listReadonly, oneReadonly] = [
      outputOf("surveyShare.bySurvey", await readonly("GET", paths[0] as string)),
      outputOf("surveyShare.get", await readonly("GET", paths[1] as string)),
    ];
    // The admin: the key and each team's public link.
    for (const seen of [listAdmin[0], oneAdmin]) {
      expect(seen?.key).toBe(share.key);
      expect(seen?.links).toEqual([{ teamKey: team.key, teamName: "Sales", url: link }]);
    }
    // The read-only member: the same share without its key and links.
    expect(listReadonly).toHaveLength(1);
    for (const seen of [listReadonly[0], oneReadonly]) {
      expect(seen).toMatchObject({
        id: share.id,
        key: null,
        name: "Sales",
        surveyKey: survey.key,
        answerers: 12,
        links: [{ teamKey: team.key, teamName: "Sales", url: null }],
      });
      expect(seen?.teams).toEqual(oneAdmin.teams);
    }
    for (const path of paths) {
      const text = (await readonly("GET", path)).text;
      expect({ path, key: text.includes(share.key), link: text.includes("/public/") }).toEqual({
        path,
        key: false,
        link: false,
      });
    }
  });

  it("the survey reads carry no share key for anyone; a read-only member still sees the teams", async () => {
    const { admin, readonly, team, survey, share } = await organisation();
    for (const member of [admin, readonly]) {
      const one = await member("GET", `/tenant/survey/${survey.key}`);
      expect(outputOf("survey.get", one).teams.map((t) => [t.name, t.answerers.length])).toEqual([
        ["Sales", 2],
      ]);
      expect(one.text).not.toContain(share.key);
      const list = await member("GET", "/tenant/survey");
      expect(outputOf("survey.list", list).map((s) => s.key)).toEqual([survey.key]);
      expect(list.text).not.toContain(share.key);
    }
    // One share's statistics by its id, as a read-only member knows it; by key as before.
    const byId = outputOf(
      "survey.shareStatistics",
      await readonly("GET", `/tenant/survey/${survey.key}/statistics/${share.id}`),
    );
    const byKey = outputOf(
      "survey.shareStatistics",
      await admin("GET", `/tenant/survey/${survey.key}/statistics/${share.key}`),
    );
    expect(byId).toEqual(byKey);
    expect(byId.reduce((sum, day) => sum + day.answers, 0)).toBe(3);
    const unknown = await readonly("GET", `/tenant/survey/${survey.key}/statistics/${team.id}`);
    expect([unknown.status, errorOf(unknown).error_key]).toEqual([404, "not_found"]);
  });

  it("reports name shares by id for every member; a share's key still answers, an unknown id does not", async () => {
    const { admin, readonly, basic, survey, share } = await organisation();
    for (const member of [admin, readonly, basic]) {
      const options = await member("GET", "/tenant/reports/options");
      const offered = outputOf("report.options", options).personnel.find((s) => s.key === survey.key);
      expect(offered?.shares).toEqual([{ key: share.id, name: "Sales", answers: 3 }]);
      expect(options.text).not.toContain(share.key);

      const report = await member("GET", `/tenant/survey/reports/bysurveysharekeys/${share.id}?lang=en`);
      const body = outputOf("report.byShares", report);
      expect(body.personnel?.shares).toEqual([{ key: share.id, name: "Sales", respondents: 3 }]);
      expect(body.personnel?.heatmap?.columns.map((c) => c.key)).toEqual([share.id]);
      expect(report.text).not.toContain(share.key);

      const bySurvey = await member("GET", `/tenant/survey/reports/${survey.key}?lang=en`);
      expect(outputOf("report.bySurveys", bySurvey).personnel?.shares.map((s) => s.key)).toEqual([share.id]);
      expect(bySurvey.text).not.toContain(share.key);
    }
    // Whoever holds the key (an admin, an old bookmark) may still name the share by it.
    const byKey = outputOf(
      "report.byShares",
      await admin("GET", `/tenant/survey/reports/bysurveysharekeys/${share.key}?lang=en`),
    );
    expect(byKey.metadata.answers.personnel).toBe(3);
    const unknown = await readonly(
      "GET",
      `/tenant/survey/reports/bysurveysharekeys/00000000-0000-4000-8000-000000000000?lang=en`,
    );
    expect([unknown.status, errorOf(unknown).error_key]).toEqual([404, "not_found"]);
  });
});
