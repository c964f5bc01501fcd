import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { type RestAnswer, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";
import { expectConforms, type Json } from "./contract-support";

/**
 * Issue 20.3: an error body carries the details its description promises (`plan_required` with
 * `feature` and `limit`, `max_recipients_reached` with `cap`, `invalid_email_addresses` with
 * `invalid`, `task_already_created` with `id`, validation and service `fields`), and the document's
 * Error schema says so: each real answer validates against the answer documented for its status.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let doc: Json;

beforeAll(async () => {
  server = await startServer(db.db);
  doc = (await (await server.fetch("/api/openapi.json")).json()) as Json;
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function organisation(plan: "FREE" | "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const admin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const actor = await actorFor(db.db, "admin", admin.id);
  const fixture = await makeSharedSurvey(db.owner, tenant.id);
  const call = (method: string, path: string, body?: unknown) =>
    rest(server, { method, path: `/api${path}`, actor, tenantId: tenant.id, body });
  return { tenant, actor, fixture, call };
}

/** The answer's status, error key and `data` (minus what every error has), checked against the document. */
function refusal(method: string, template: string, answer: RestAnswer) {
  expectConforms(doc, method, template, answer);
  const body = answer.body as { error_key?: string; data?: Json };
  const { code: _code, httpStatus: _status, path: _path, error_key: _key, ...details } = body.data ?? {};
  return { status: answer.status, key: body.error_key, details };
}

const emails = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.test`);

describe("issue 20.3: error bodies carry the documented details", () => {
  it("plan_required names the feature (and the plan's limit): refused on FREE, done on PRO", async () => {
    for (const plan of ["FREE", "PRO"] as const) {
      const org = await organisation(plan);
      const second = await org.call("POST", "/tenant/team", { name: "Second", type: "PERSONNEL" });
      expect(second.status).toBe(200);
      const both = await org.call("POST", "/tenant/surveyshare", {
        name: "Both",
        surveyKey: org.fixture.survey.key,
        teams: [org.fixture.team.key, (second.body as { key: string }).key],
      });
      const send = await org.call("POST", `/tenant/surveyshare/${org.fixture.share.key}/send`, {
        emails: ["anna.virtanen@example.fi"],
        language: "fi",
      });
      if (plan === "FREE") {
        expect(refusal("POST", "/tenant/surveyshare", both)).toEqual({
          status: 403,
          key: "plan_required",
          details: { feature: "combinedAnalyses", limit: 1 },
        });
        // The plan guard of a procedure names its feature too.
        expect(refusal("POST", "/tenant/surveyshare/{key}/send", send)).toEqual({
          status: 403,
          key: "plan_required",
          details: { feature: "shareByEmail" },
        });
      } else {
        expect([both.status, send.status]).toEqual([200, 200]);
        expectConforms(doc, "POST", "/tenant/surveyshare", both);
      }
    }
  });

  it("max_recipients_reached names the cap, invalid_email_addresses the entries; within the cap it is done", async () => {
    const org = await organisation("FREE");
    const team = (answerers: string[]) =>
      org.call("POST", "/tenant/team", { name: "T", type: "PERSONNEL", answerers });
    expect(refusal("POST", "/tenant/team", await team(emails(11)))).toEqual({
      status: 400,
      key: "max_recipients_reached",
      details: { cap: 10 },
    });
    expect(refusal("POST", "/tenant/team", await team(["ok@example.test", "not an address"]))).toEqual({
      status: 400,
      key: "invalid_email_addresses",
      details: { invalid: ["not an address"] },
    });
    expect((await team(emails(10))).status).toBe(200);
  });

  it("task_already_created gives the id of the open task; once it is done a new one is made", async () => {
    const org = await organisation("PRO");
    const { caller } = await callerFor(db.db, org.actor, org.tenant.id);
    const suggestion = (await caller.task.suggestions({ types: ["personnel_help"] })).suggestions[0];
    if (!suggestion) throw new Error("no seeded help suggestions");
    const first = await org.call("POST", "/tenant/task", { staticTaskId: suggestion.id });
    expect(first.status).toBe(200);
    const { id } = first.body as { id: string };
    expect(
      refusal(
        "POST",
        "/tenant/task",
        await org.call("POST", "/tenant/task", { staticTaskId: suggestion.id }),
      ),
    ).toEqual({
      status: 409,
      key: "task_already_created",
      details: { id },
    });
    expect((await org.call("PUT", `/tenant/task/${id}`, { status: "DONE" })).status).toBe(200);
    expect((await org.call("POST", "/tenant/task", { staticTaskId: suggestion.id })).status).toBe(200);
  });

  it("a failed validation and a service's refusal name their fields with keys the client translates", async () => {
    const org = await organisation("PRO");
    expect(
      refusal("POST", "/tenant/user", await org.call("POST", "/tenant/user", { email: "nobody.example" })),
    ).toEqual({
      status: 400,
      key: "validation_failed",
      details: { fields: { email: "invalid_email" } },
    });
    const unknownCategory = await org.call("POST", "/tenant/task", {
      name: "T",
      category: "no_such_category",
    });
    expect(refusal("POST", "/tenant/task", unknownCategory)).toEqual({
      status: 400,
      key: "tasks.category_required",
      details: { fields: { category: "tasks.category_required" } },
    });
    const unknownTeam = await org.call("POST", "/tenant/task", {
      name: "T",
      category: "leadership",
      teamKey: "NOSUCHTEAM",
    });
    expect(refusal("POST", "/tenant/task", unknownTeam)).toEqual({
      status: 404,
      key: "not_found",
      details: { fields: { teamKey: "not_found" } },
    });
    // The same call with what exists is done.
    const done = await org.call("POST", "/tenant/task", { name: "T", category: "leadership" });
    expect(done.status).toBe(200);
  });
});
