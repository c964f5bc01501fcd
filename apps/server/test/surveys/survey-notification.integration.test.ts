import { randomUUID } from "node:crypto";
import { errorKeyOf } from "@kunto/api";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Actor,
  actorFor,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 18.8, document 2 §7 `GET /api/tenant/survey/{key}/notification/{type}`: the current user's
 * survey mail of one type (DAILY / WEEKLY progress summaries by the survey's setting, the survey_end
 * notice by e-mail subscription), over tRPC and over REST, with its refusals.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function organisation(values: Parameters<typeof makeTenant>[1] = {}) {
  const tenant = await makeTenant(db.owner, values);
  const adminUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const readonlyUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_readonly"] });
  const basicUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
  const admin = await actorFor(db.db, "admin", adminUser.id);
  const readonly = await actorFor(db.db, "readonly", readonlyUser.id);
  const basic = await actorFor(db.db, "basic", basicUser.id);
  const { survey } = await makeSharedSurvey(db.owner, tenant.id);
  const caller = async (actor: Actor) => (await callerFor(db.db, actor, tenant.id)).caller;
  const get = (actor: Actor | null, key: string, type: string) =>
    rest(server, {
      actor,
      tenantId: tenant.id,
      method: "GET",
      path: `/api/tenant/survey/${encodeURIComponent(key)}/notification/${encodeURIComponent(type)}`,
    });
  return { tenant, admin, readonly, basic, survey, caller, get };
}

/** The error key a tRPC caller's refusal carries (as the wire's error_key reads it). */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return errorKeyOf(error);
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("survey notification over tRPC", () => {
  it("answers the survey's setting and whether it reaches the current user, by type", async () => {
    const { admin, readonly, survey, caller } = await organisation();
    const asAdmin = await caller(admin);
    // A new survey of the fixture has notifications off: the admin is a recipient, nothing is sent.
    expect(await asAdmin.survey.notification({ key: survey.key, type: "DAILY" })).toEqual({
      surveyKey: survey.key,
      type: "DAILY",
      surveyNotifications: null,
      enabled: false,
      recipient: true,
      receives: false,
    });
    await asAdmin.survey.update({ key: survey.key, notifications: "DAILY" });
    expect(await asAdmin.survey.notification({ key: survey.key, type: "DAILY" })).toMatchObject({
      surveyNotifications: "DAILY",
      enabled: true,
      recipient: true,
      receives: true,
    });
    // The other summary type is not what the survey sends.
    expect(await asAdmin.survey.notification({ key: survey.key, type: "WEEKLY" })).toMatchObject({
      surveyNotifications: "DAILY",
      enabled: false,
      receives: false,
    });
    // A read-only member may look, but the summaries go to the admins only.
    expect(
      await (await caller(readonly)).survey.notification({ key: survey.key, type: "DAILY" }),
    ).toMatchObject({ enabled: true, recipient: false, receives: false });
  });

  it("answers the survey_end notice by the user's own e-mail subscription", async () => {
    const { admin, survey, caller } = await organisation();
    const asAdmin = await caller(admin);
    expect(await asAdmin.survey.notification({ key: survey.key, type: "survey_end" })).toMatchObject({
      type: "survey_end",
      enabled: true,
      recipient: false,
      receives: false,
    });
    await asAdmin.user.saveEmailSubscriptions({ items: [{ type: "survey_end" }] });
    expect(await asAdmin.survey.notification({ key: survey.key, type: "survey_end" })).toMatchObject({
      recipient: true,
      receives: true,
    });
    await asAdmin.user.saveEmailSubscriptions({ items: [{ type: "survey_end", remove: true }] });
    expect(await asAdmin.survey.notification({ key: survey.key, type: "survey_end" })).toMatchObject({
      recipient: false,
      receives: false,
    });
  });

  it("says a demo organisation's admin receives nothing, as the survey-mails job sends it none", async () => {
    const { admin, survey, caller } = await organisation({ isDemo: true });
    const asAdmin = await caller(admin);
    await asAdmin.survey.update({ key: survey.key, notifications: "WEEKLY" });
    expect(await asAdmin.survey.notification({ key: survey.key, type: "WEEKLY" })).toMatchObject({
      enabled: true,
      recipient: true,
      receives: false,
    });
  });

  it("refuses a basic member, an unknown type and an unknown or foreign survey", async () => {
    const { admin, basic, survey, caller } = await organisation();
    const other = await organisation();
    const asAdmin = await caller(admin);
    expect(await refusal((await caller(basic)).survey.notification({ key: survey.key, type: "DAILY" }))).toBe(
      "access_denied",
    );
    expect(
      await refusal(asAdmin.survey.notification({ key: survey.key, type: "MONTHLY" as unknown as "DAILY" })),
    ).toBe("validation_failed");
    expect(await refusal(asAdmin.survey.notification({ key: randomUUID(), type: "DAILY" }))).toBe(
      "not_found",
    );
    // Another organisation's survey does not exist for this one (row-level security and the tenant).
    expect(await refusal(asAdmin.survey.notification({ key: other.survey.key, type: "DAILY" }))).toBe(
      "not_found",
    );
  });
});

describe("survey notification over REST", () => {
  it("GET /api/tenant/survey/{key}/notification/{type} answers the output schema", async () => {
    const { admin, survey, caller, get } = await organisation();
    await (await caller(admin)).survey.update({ key: survey.key, notifications: "WEEKLY" });
    const weekly = outputOf("survey.notification", await get(admin, survey.key, "WEEKLY"));
    expect(weekly).toEqual({
      surveyKey: survey.key,
      type: "WEEKLY",
      surveyNotifications: "WEEKLY",
      enabled: true,
      recipient: true,
      receives: true,
    });
    const end = outputOf("survey.notification", await get(admin, survey.key, "survey_end"));
    expect(end).toMatchObject({ type: "survey_end", enabled: true, recipient: false });
  });

  it("answers the same through /trpc over HTTP", async () => {
    const { tenant, admin, survey } = await organisation();
    const input = encodeURIComponent(JSON.stringify({ key: survey.key, type: "DAILY" }));
    const answer = await rest(server, {
      actor: admin,
      tenantId: tenant.id,
      method: "GET",
      path: `/trpc/survey.notification?input=${input}`,
    });
    expect(outputOf("survey.notification", answer)).toMatchObject({
      surveyKey: survey.key,
      type: "DAILY",
      enabled: false,
      recipient: true,
    });
  });

  it("refuses with the status and error key of each case", async () => {
    const { admin, basic, survey, get } = await organisation();
    const other = await organisation();

    const unknownType = await get(admin, survey.key, "MONTHLY");
    expect(unknownType.status).toBe(400);
    expect(errorOf(unknownType).error_key).toBe("validation_failed");

    const unknownSurvey = await get(admin, randomUUID(), "DAILY");
    expect(unknownSurvey.status).toBe(404);
    expect(errorOf(unknownSurvey).error_key).toBe("not_found");

    const foreign = await get(admin, other.survey.key, "DAILY");
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).error_key).toBe("not_found");

    const basicMember = await get(basic, survey.key, "DAILY");
    expect(basicMember.status).toBe(403);
    expect(errorOf(basicMember).error_key).toBe("access_denied");

    const anonymous = await get(null, survey.key, "DAILY");
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).error_key).toBe("not_signed_in");

    // A member of another organisation naming this one in X-tenant-id is no member here.
    const stranger = await rest(server, {
      actor: other.admin,
      tenantId: (await organisation()).tenant.id,
      method: "GET",
      path: `/api/tenant/survey/${survey.key}/notification/DAILY`,
    });
    expect(stranger.status).toBe(403);
    expect(errorOf(stranger).error_key).toBe("access_denied");
  });
});
