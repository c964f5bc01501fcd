import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { processSurveyInvitations } from "@kunto/api";
import { addDays, dayEnd, dayOf, dayStart } from "@kunto/core";
import { createSystemDb, loadDefaultContent, schema } from "@kunto/db";
import { deliverDueMails } from "@kunto/mail";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
 * Issue 7, the admin's part: teams, surveys and shares over real HTTP against the running app, with
 * invitation mails read from a real SMTP server on loopback.
 */
const db = connect();
const system = createSystemDb(inject("ownerUrl"), { max: 1 });
const received: Array<{ to: string; raw: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  await asOwner(db.owner, (tx) => loadDefaultContent(tx));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // Addresses starting with "reject" are refused for good: the outbox retries, then gives up.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("reject")) {
        const error = new Error("mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await system.close();
  await db.close();
});

async function organisation(plan: "FREE" | "PRO" | "TOTAL" = "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const adminUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const readonlyUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_readonly"] });
  const admin = await actorFor(db.db, "admin", adminUser.id);
  const readonly = await actorFor(db.db, "readonly", readonlyUser.id);
  const as = (actor: Actor) => (method: string, path: string, body?: unknown) =>
    rest(server, { actor, tenantId: tenant.id, method, path: `/api${path}`, body });
  return { tenant, admin: as(admin), readonly: as(readonly) };
}

const today = () => dayOf(new Date());
const emails = (n: number, prefix = "person") =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@example.test`);

/** Answers written as the respondent page writes them (one row each), on the given day. */
async function answer(
  tenantId: string,
  surveyKey: string,
  shareKey: string,
  teamKey: string,
  day: string,
  n = 1,
) {
  await asOwner(db.owner, async (tx) => {
    const [survey] = await tx.select().from(schema.surveys).where(eq(schema.surveys.key, surveyKey));
    const [share] = await tx.select().from(schema.surveyShares).where(eq(schema.surveyShares.key, shareKey));
    const [team] = await tx.select().from(schema.teams).where(eq(schema.teams.key, teamKey));
    if (!survey || !share || !team) throw new Error("fixture");
    await tx.insert(schema.surveyResponses).values(
      Array.from({ length: n }, () => ({
        tenantId,
        surveyId: survey.id,
        shareId: share.id,
        teamId: team.id,
        submissionId: randomUUID(),
        browserTokenHash: randomUUID(),
        language: "en" as const,
        answers: {},
        submittedOn: day,
      })),
    );
  });
}

async function setPeriod(key: string, startsAt: Date, endsAt: Date) {
  await asOwner(db.owner, (tx) =>
    tx.update(schema.surveys).set({ startsAt, endsAt }).where(eq(schema.surveys.key, key)),
  );
}

describe("teams", () => {
  it("creates, reads, renames and deletes a team; the link name is derived once and unique", async () => {
    const { admin } = await organisation();
    expect(errorOf(await admin("POST", "/tenant/team", { name: "Sales" })).error_key).toBe("type_error");
    expect((await admin("POST", "/tenant/team", { name: " ", type: "PERSONNEL" })).status).toBe(400);
    const created = await admin("POST", "/tenant/team", {
      name: "Myynti & Häme",
      type: "PERSONNEL",
      answerers: ["A@Example.test", "a@example.test", "b@example.test"],
    });
    expect(created.status).toBe(200);
    const team = outputOf("team.create", created);
    expect(team.urlSafeName).toBe("myynti-hame");
    expect(team.answerers.map((a) => a.email)).toEqual(["a@example.test", "b@example.test"]);
    const second = outputOf(
      "team.create",
      await admin("POST", "/tenant/team", { name: "Myynti Häme", type: "PERSONNEL" }),
    );
    expect(second.urlSafeName).toBe("myynti-hame-2");

    const renamed = await admin("PUT", `/tenant/team/${team.key}`, {
      name: "Sales",
      type: "MANAGEMENT",
      answerers: ["c@example.test"],
    });
    expect(renamed.status).toBe(200);
    const updated = outputOf("team.update", renamed);
    expect(updated).toMatchObject({ name: "Sales", type: "PERSONNEL", urlSafeName: "myynti-hame" });
    expect(updated.answerers).toHaveLength(1);

    const lite = await admin("GET", "/tenant/team/lite");
    expect(outputOf("team.lite", lite)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: team.id, key: team.key, answerers: 1 })]),
    );
    // Document 3 §3's wire fields: a team has an id besides its key.
    expect(team.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).not.toBe(team.id);
    expect(outputOf("team.get", await admin("GET", `/tenant/team/${team.key}`)).name).toBe("Sales");
    expect(outputOf("team.list", await admin("GET", "/tenant/team"))).toHaveLength(2);
    const removed = await admin("DELETE", `/tenant/team/${second.key}`);
    expect(outputOf("team.delete", removed)).toEqual({ ok: true });
    expect((await admin("GET", `/tenant/team/${second.key}`)).status).toBe(404);
  });

  it("refuses an entry that is no address, and more recipients than the plan allows", async () => {
    const free = await organisation("FREE");
    const bad = await free.admin("POST", "/tenant/team", {
      name: "T",
      type: "PERSONNEL",
      answerers: ["ok@example.test", "not an address"],
    });
    expect(bad).toMatchObject({ status: 400, body: { error_key: "invalid_email_addresses" } });
    const ten = await free.admin("POST", "/tenant/team", {
      name: "T",
      type: "PERSONNEL",
      answerers: emails(10),
    });
    expect(ten.status).toBe(200);
    const { key } = outputOf("team.create", ten);
    const eleven = await free.admin("PUT", `/tenant/team/${key}`, {
      name: "T",
      answerers: emails(11),
    });
    expect(eleven).toMatchObject({ status: 400, body: { error_key: "max_recipients_reached" } });
    // Duplicates do not count towards the cap.
    const dupes = await free.admin("PUT", `/tenant/team/${key}`, {
      name: "T",
      answerers: [...emails(10), ...emails(10)],
    });
    expect(dupes.status).toBe(200);
  });
});

async function surveyWithShare(org: Awaited<ReturnType<typeof organisation>>, type = "PERSONNEL") {
  const team = outputOf(
    "team.create",
    await org.admin("POST", "/tenant/team", { name: `Team ${randomUUID().slice(0, 4)}`, type }),
  );
  const survey = outputOf(
    "survey.create",
    await org.admin("POST", "/tenant/survey", { type, start: today(), end: addDays(today(), 7) }),
  );
  const share = outputOf(
    "surveyShare.create",
    await org.admin("POST", "/tenant/surveyshare", {
      name: team.name,
      surveyKey: survey.key,
      teams: [team.key],
    }),
  );
  return { team, survey, share };
}

describe("surveys", () => {
  it("validates with the keys of §8 and applies the defaults of §9", async () => {
    const { admin } = await organisation();
    const t = today();
    expect(errorOf(await admin("POST", "/tenant/survey", { start: t, end: t })).error_key).toBe("type_error");
    expect(errorOf(await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: t })).error_key).toBe(
      "dates_error",
    );
    expect(
      errorOf(await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: addDays(t, -1), end: t }))
        .error_key,
    ).toBe("dates_in_past_error");
    // Days in either order are sorted; the start is 00:00:00, the end 23:59:59 in Helsinki.
    const created = await admin("POST", "/tenant/survey", {
      type: "MANAGEMENT",
      start: addDays(t, 3),
      end: t,
    });
    expect(created.status).toBe(200);
    const survey = outputOf("survey.create", created);
    expect(survey).toMatchObject({
      type: "MANAGEMENT",
      notifications: "DAILY",
      name: null,
      status: 100,
      totalAnswers: 0,
      latestAnswerAt: null,
      respondentCap: 250,
      capReached: false,
      nextPlan: "TOTAL",
      surveyTemplate: { type: "MANAGEMENT" },
    });
    expect(survey.start).toBe(dayStart(t).toISOString());
    expect(survey.end).toBe(dayEnd(addDays(t, 3)).toISOString());
    const start = new Date(survey.start);
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Helsinki", timeStyle: "medium" }).format(start),
    ).toBe("00:00:00");
  });

  it("derives the status, ends now, reopens with new dates, renames and deletes", async () => {
    const { admin } = await organisation();
    const t = today();
    const upcoming = outputOf(
      "survey.create",
      await admin("POST", "/tenant/survey", {
        type: "PERSONNEL",
        start: addDays(t, 2),
        end: addDays(t, 4),
        name: "Spring",
        estimatedAnswerers: 12,
        notifications: null,
      }),
    );
    expect(upcoming).toMatchObject({
      status: 0,
      surveyTemplate: { type: "PERSONNEL", name: `PERSONNEL v${upcoming.surveyTemplate.version}` },
      name: "Spring",
      estimatedAnswerers: 12,
      notifications: null,
    });
    const key = upcoming.key;
    // The survey as the update answers it; its `status` is the survey's (0 upcoming, 100 open, 200 ended).
    const update = async (body: unknown) =>
      outputOf("survey.update", await admin("PUT", `/tenant/survey/${key}`, body));
    const ended = await update({ endNow: true });
    expect(ended.status).toBe(200);
    expect(new Date(ended.end).getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      errorOf(await admin("PUT", `/tenant/survey/${key}`, { start: addDays(t, -3), end: t })).error_key,
    ).toBe("dates_in_past_error");
    expect(errorOf(await admin("PUT", `/tenant/survey/${key}`, { end: t })).error_key).toBe("dates_error");
    const reopened = await update({ start: t, end: addDays(t, 5) });
    expect(reopened.status).toBe(100);
    const renamed = await update({ name: null, estimatedAnswerers: 20 });
    expect(renamed).toMatchObject({ name: null, estimatedAnswerers: 20, status: 100 });
    const weekly = await update({ notifications: "WEEKLY" });
    expect(weekly.notifications).toBe("WEEKLY");

    // A survey whose period has passed reads as ended; the list carries every survey, latest end first.
    const old = outputOf(
      "survey.create",
      await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: t, end: t }),
    );
    await setPeriod(old.key, new Date(Date.now() - 10 * 86_400_000), new Date(Date.now() - 86_400_000));
    const list = await admin("GET", "/tenant/survey");
    expect(outputOf("survey.list", list).map((s) => [s.key, s.status])).toEqual([
      [key, 100],
      [old.key, 200],
    ]);
    expect(outputOf("survey.delete", await admin("DELETE", `/tenant/survey/${key}`))).toEqual({ ok: true });
    expect((await admin("GET", `/tenant/survey/${key}`)).status).toBe(404);
    expect((await admin("DELETE", `/tenant/survey/${key}`)).status).toBe(404);
  });

  it("counts answers, the latest answer's day, per-day statistics and the plan's respondent cap", async () => {
    const org = await organisation("FREE");
    const { team, survey, share } = await surveyWithShare(org);
    const t = today();
    await setPeriod(survey.key, dayStart(addDays(t, -2)), dayEnd(addDays(t, 3)));
    await answer(org.tenant.id, survey.key, share.key, team.key, addDays(t, -2), 4);
    await answer(org.tenant.id, survey.key, share.key, team.key, t, 6);
    const got = outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`));
    expect(got).toMatchObject({
      totalAnswers: 10,
      latestAnswerAt: t,
      respondentCap: 10,
      capReached: true,
      nextPlan: "PRO",
    });
    expect(got.teams).toEqual([expect.objectContaining({ key: team.key, answerers: [] })]);
    const stats = await org.admin("GET", `/tenant/survey/${survey.key}/statistics`);
    expect(outputOf("survey.statistics", stats)).toEqual([
      { date: addDays(t, -2), answers: 4 },
      { date: addDays(t, -1), answers: 0 },
      { date: t, answers: 6 },
    ]);
    const byShare = await org.admin("GET", `/tenant/survey/${survey.key}/statistics/${share.key}`);
    expect(outputOf("survey.shareStatistics", byShare).at(-1)).toEqual({ date: t, answers: 6 });
    expect((await org.admin("GET", `/tenant/survey/${survey.key}/statistics/nope`)).status).toBe(404);
    // A team whose members answered keeps its answers.
    expect(errorOf(await org.admin("DELETE", `/tenant/team/${team.key}`)).error_key).toBe("team_has_answers");
  });

  it("lets a read-only user read surveys and change nothing", async () => {
    const org = await organisation();
    const { team, survey, share } = await surveyWithShare(org);
    for (const path of [
      "/tenant/survey",
      `/tenant/survey/${survey.key}`,
      `/tenant/survey/${survey.key}/statistics`,
      `/tenant/team`,
      `/tenant/team/lite`,
      `/tenant/team/${team.key}`,
      `/tenant/surveyshare/bysurvey/${survey.key}`,
      `/tenant/surveyshare/${share.key}`,
    ])
      expect((await org.readonly("GET", path)).status).toBe(200);
    const writes: Array<[string, string, unknown?]> = [
      ["POST", "/tenant/survey", { type: "PERSONNEL", start: today(), end: today() }],
      ["PUT", `/tenant/survey/${survey.key}`, { name: "x" }],
      ["DELETE", `/tenant/survey/${survey.key}`],
      ["POST", "/tenant/team", { name: "x", type: "PERSONNEL" }],
      ["PUT", `/tenant/team/${team.key}`, { name: "x" }],
      ["DELETE", `/tenant/team/${team.key}`],
      ["POST", "/tenant/surveyshare", { name: "x", surveyKey: survey.key, teams: [team.key] }],
      ["PUT", `/tenant/surveyshare/${share.key}`, { name: "x", teams: [team.key] }],
      ["DELETE", `/tenant/surveyshare/${share.key}`],
      ["POST", `/tenant/surveyshare/${share.key}/send`, { emails: ["a@example.test"], language: "en" }],
    ];
    for (const [method, path, body] of writes)
      expect({ method, path, ...(await org.readonly(method, path, body)) }).toMatchObject({
        method,
        path,
        status: 403,
        body: { error_key: "access_denied" },
      });
    expect(outputOf("survey.get", await org.admin("GET", `/tenant/survey/${survey.key}`)).name).toBeNull();
  });

  it("answers 404 for another organisation's keys", async () => {
    const mine = await organisation();
    const theirs = await organisation();
    const { team, survey, share } = await surveyWithShare(theirs);
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/tenant/survey/${survey.key}`],
      ["GET", `/tenant/survey/${survey.key}/statistics`],
      ["GET", `/tenant/survey/${survey.key}/statistics/${share.key}`],
      ["PUT", `/tenant/survey/${survey.key}`, { name: "x" }],
      ["DELETE", `/tenant/survey/${survey.key}`],
      ["GET", `/tenant/team/${team.key}`],
      ["PUT", `/tenant/team/${team.key}`, { name: "x" }],
      ["DELETE", `/tenant/team/${team.key}`],
      ["GET", `/tenant/surveyshare/bysurvey/${survey.key}`],
      ["GET", `/tenant/surveyshare/${share.key}`],
      ["PUT", `/tenant/surveyshare/${share.key}`, { name: "x", teams: [team.key] }],
      ["DELETE", `/tenant/surveyshare/${share.key}`],
      ["POST", `/tenant/surveyshare/${share.key}/send`, { emails: ["a@example.test"], language: "en" }],
      ["POST", "/tenant/surveyshare", { name: "x", surveyKey: survey.key, teams: [team.key] }],
    ];
    for (const [method, path, body] of attempts)
      expect({ method, path, status: (await mine.admin(method, path, body)).status }).toEqual({
        method,
        path,
        status: 404,
      });
    // Their own team is not enough to reach the other survey, nor their survey to reach the other team.
    const own = await surveyWithShare(mine);
    expect(
      (
        await mine.admin("POST", "/tenant/surveyshare", {
          name: "x",
          surveyKey: own.survey.key,
          teams: [team.key],
        })
      ).status,
    ).toBe(404);
    expect((await theirs.admin("GET", `/tenant/survey/${survey.key}`)).status).toBe(200);
  });
});

describe("shares", () => {
  it("shares a survey with teams of its type, with a public link per team", async () => {
    const org = await organisation();
    const { team, survey, share } = await surveyWithShare(org);
    expect(share.key).toMatch(/^[a-z2-7]{40}$/);
    expect(share.links).toEqual([
      {
        teamKey: team.key,
        teamName: team.name,
        url: `${server.base}/public/#/s/${share.key}/${team.urlSafeName}`,
      },
    ]);
    const other = outputOf(
      "team.create",
      await org.admin("POST", "/tenant/team", { name: "Board", type: "MANAGEMENT" }),
    );
    expect(
      errorOf(
        await org.admin("POST", "/tenant/surveyshare", {
          name: "x",
          surveyKey: survey.key,
          teams: [other.key],
        }),
      ).error_key,
    ).toBe("team_type_mismatch");
    const second = outputOf(
      "team.create",
      await org.admin("POST", "/tenant/team", { name: "Second", type: "PERSONNEL" }),
    );
    const updated = outputOf(
      "surveyShare.update",
      await org.admin("PUT", `/tenant/surveyshare/${share.key}`, {
        name: "Both",
        answerers: 30,
        teams: [team.key, second.key],
      }),
    );
    expect(updated).toMatchObject({ name: "Both", answerers: 30, surveyKey: survey.key });
    expect(updated.links).toHaveLength(2);
    const list = await org.admin("GET", `/tenant/surveyshare/bysurvey/${survey.key}`);
    expect(outputOf("surveyShare.bySurvey", list).map((s) => s.key)).toEqual([share.key]);
    const removed = await org.admin("DELETE", `/tenant/surveyshare/${share.key}`);
    expect(outputOf("surveyShare.delete", removed)).toEqual({ ok: true });
    expect((await org.admin("GET", `/tenant/surveyshare/${share.key}`)).status).toBe(404);
  });

  it("sends by e-mail only on a paid plan, within the plan's cap, addresses checked", async () => {
    const free = await organisation("FREE");
    const freeShare = (await surveyWithShare(free)).share;
    expect(
      await free.admin("POST", `/tenant/surveyshare/${freeShare.key}/send`, {
        emails: ["a@example.test"],
        language: "en",
      }),
    ).toMatchObject({ status: 403, body: { error_key: "plan_required" } });

    const pro = await organisation("PRO");
    const { share } = await surveyWithShare(pro);
    const send = (body: unknown) => pro.admin("POST", `/tenant/surveyshare/${share.key}/send`, body);
    expect((await send({ emails: ["a@example.test"] })).status).toBe(400);
    expect(errorOf(await send({ emails: ["a@example.test", "nope"], language: "fi" })).error_key).toBe(
      "invalid_email_addresses",
    );
    expect(errorOf(await send({ emails: emails(251), language: "fi" })).error_key).toBe(
      "max_recipients_reached",
    );
    const sent = await send({
      emails: ["A@example.test", "a@example.test", "b@example.test"],
      language: "fi",
    });
    expect(sent.status).toBe(200);
    const sending = outputOf("surveyShare.send", sent);
    expect(sending.sent).not.toBeNull();
    expect(sending.invitations.map((i) => [i.email, i.state])).toEqual([
      ["a@example.test", "queued"],
      ["b@example.test", "queued"],
    ]);
  });
});

describe("share invitations by mail", () => {
  const smtpConfig = () => ({
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    from: "Kunto <no-reply@kunto.test>",
  });
  const quiet = { info: () => {}, warn: () => {} };

  it("the job queues one mail per address through the outbox; SMTP receives the public link", async () => {
    const org = await organisation("PRO");
    const { share, team } = await surveyWithShare(org);
    const to = `invitee-${randomUUID().slice(0, 8)}@example.test`;
    await org.admin("POST", `/tenant/surveyshare/${share.key}/send`, { emails: [to], language: "fi" });
    await processSurveyInvitations(system.system, server.base);
    while ((await deliverDueMails(db.system, smtpConfig(), quiet)) > 0);
    await processSurveyInvitations(system.system, server.base);
    const mail = received.find((m) => m.to === to);
    expect(mail?.raw).toMatch(/Sinut on kutsuttu vastaamaan kyselyyn/);
    const body = mail?.raw.replace(/=\r?\n/g, "") ?? "";
    expect(body).toContain(`/public/#/s/${share.key}/${team.urlSafeName}`.replace("=", "=3D"));
    const after = outputOf("surveyShare.get", await org.admin("GET", `/tenant/surveyshare/${share.key}`));
    expect(after.invitations).toEqual([
      expect.objectContaining({ email: to, state: "sent", lastError: null, attempts: 1 }),
    ]);
    expect(after.invitations[0]?.sentAt).not.toBeNull();
  });

  it("a refused address is retried with back-off, then shown as failed with the reason", async () => {
    const org = await organisation("PRO");
    const { share } = await surveyWithShare(org);
    const to = `reject-${randomUUID().slice(0, 8)}@example.test`;
    await org.admin("POST", `/tenant/surveyshare/${share.key}/send`, { emails: [to], language: "en" });
    await processSurveyInvitations(system.system, server.base);
    await deliverDueMails(db.system, smtpConfig(), quiet);
    await processSurveyInvitations(system.system, server.base);
    const invitation = async () =>
      outputOf("surveyShare.get", await org.admin("GET", `/tenant/surveyshare/${share.key}`)).invitations[0];
    const retrying = await invitation();
    expect(retrying).toMatchObject({ state: "queued", attempts: 1 });
    expect(retrying?.lastError).toMatch(/550/);
    const [mail] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to));
    expect(mail?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    for (let attempt = 2; attempt <= 10; attempt++) {
      await db.owner
        .update(schema.mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(schema.mailOutbox.to, to));
      await deliverDueMails(db.system, smtpConfig(), quiet);
    }
    await processSurveyInvitations(system.system, server.base);
    const failed = await invitation();
    expect(failed).toMatchObject({ email: to, state: "failed", attempts: 10 });
    expect(failed?.lastError).toMatch(/550/);
    expect(received.some((m) => m.to === to)).toBe(false);
  });

  it("without SMTP an invitation is not claimed as sent: it shows as failed, no SMTP", async () => {
    const org = await organisation("PRO");
    const { share } = await surveyWithShare(org);
    const to = `nosmtp-${randomUUID().slice(0, 8)}@example.test`;
    await org.admin("POST", `/tenant/surveyshare/${share.key}/send`, { emails: [to], language: "en" });
    await processSurveyInvitations(system.system, server.base);
    await deliverDueMails(db.system, null, quiet);
    await processSurveyInvitations(system.system, server.base);
    const { invitations } = outputOf(
      "surveyShare.get",
      await org.admin("GET", `/tenant/surveyshare/${share.key}`),
    );
    expect(invitations[0]).toMatchObject({ state: "failed", lastError: "no_smtp" });
  });
});
