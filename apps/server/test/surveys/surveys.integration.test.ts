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

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked field by field.
  body: any;
}

async function call(actor: Actor | null, tenantId: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { origin: server.base, "x-tenant-id": tenantId };
  if (actor?.cookie) headers.cookie = actor.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await server.fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null } as Answer;
}

async function organisation(plan: "FREE" | "PRO" | "TOTAL" = "PRO") {
  const tenant = await makeTenant(db.owner, { plan });
  const adminUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  const readonlyUser = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_readonly"] });
  const admin = await actorFor(db.db, "admin", adminUser.id);
  const readonly = await actorFor(db.db, "readonly", readonlyUser.id);
  const as = (actor: Actor) => (method: string, path: string, body?: unknown) =>
    call(actor, tenant.id, method, path, body);
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
    expect((await admin("POST", "/tenant/team", { name: "Sales" })).body.error_key).toBe("type_error");
    expect((await admin("POST", "/tenant/team", { name: " ", type: "PERSONNEL" })).status).toBe(400);
    const created = await admin("POST", "/tenant/team", {
      name: "Myynti & Häme",
      type: "PERSONNEL",
      answerers: ["A@Example.test", "a@example.test", "b@example.test"],
    });
    expect(created.status).toBe(200);
    expect(created.body.urlSafeName).toBe("myynti-hame");
    expect(created.body.answerers.map((a: { email: string }) => a.email)).toEqual([
      "a@example.test",
      "b@example.test",
    ]);
    const second = await admin("POST", "/tenant/team", { name: "Myynti Häme", type: "PERSONNEL" });
    expect(second.body.urlSafeName).toBe("myynti-hame-2");

    const renamed = await admin("PUT", `/tenant/team/${created.body.key}`, {
      name: "Sales",
      type: "MANAGEMENT",
      answerers: ["c@example.test"],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Sales", type: "PERSONNEL", urlSafeName: "myynti-hame" });
    expect(renamed.body.answerers).toHaveLength(1);

    const lite = await admin("GET", "/tenant/team/lite");
    expect(lite.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: created.body.key, answerers: 1 })]),
    );
    expect((await admin("GET", `/tenant/team/${created.body.key}`)).body.name).toBe("Sales");
    expect((await admin("GET", "/tenant/team")).body).toHaveLength(2);
    expect((await admin("DELETE", `/tenant/team/${second.body.key}`)).body).toEqual({ ok: true });
    expect((await admin("GET", `/tenant/team/${second.body.key}`)).status).toBe(404);
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
    const eleven = await free.admin("PUT", `/tenant/team/${ten.body.key}`, {
      name: "T",
      answerers: emails(11),
    });
    expect(eleven).toMatchObject({ status: 400, body: { error_key: "max_recipients_reached" } });
    // Duplicates do not count towards the cap.
    const dupes = await free.admin("PUT", `/tenant/team/${ten.body.key}`, {
      name: "T",
      answerers: [...emails(10), ...emails(10)],
    });
    expect(dupes.status).toBe(200);
  });
});

async function surveyWithShare(org: Awaited<ReturnType<typeof organisation>>, type = "PERSONNEL") {
  const team = await org.admin("POST", "/tenant/team", { name: `Team ${randomUUID().slice(0, 4)}`, type });
  const survey = await org.admin("POST", "/tenant/survey", {
    type,
    start: today(),
    end: addDays(today(), 7),
  });
  const share = await org.admin("POST", "/tenant/surveyshare", {
    name: team.body.name,
    surveyKey: survey.body.key,
    teams: [team.body.key],
  });
  return { team: team.body, survey: survey.body, share: share.body };
}

describe("surveys", () => {
  it("validates with the keys of §8 and applies the defaults of §9", async () => {
    const { admin } = await organisation();
    const t = today();
    expect((await admin("POST", "/tenant/survey", { start: t, end: t })).body.error_key).toBe("type_error");
    expect((await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: t })).body.error_key).toBe(
      "dates_error",
    );
    expect(
      (await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: addDays(t, -1), end: t })).body
        .error_key,
    ).toBe("dates_in_past_error");
    // Days in either order are sorted; the start is 00:00:00, the end 23:59:59 in Helsinki.
    const created = await admin("POST", "/tenant/survey", {
      type: "MANAGEMENT",
      start: addDays(t, 3),
      end: t,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
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
    expect(created.body.start).toBe(dayStart(t).toISOString());
    expect(created.body.end).toBe(dayEnd(addDays(t, 3)).toISOString());
    const start = new Date(created.body.start);
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Helsinki", timeStyle: "medium" }).format(start),
    ).toBe("00:00:00");
  });

  it("derives the status, ends now, reopens with new dates, renames and deletes", async () => {
    const { admin } = await organisation();
    const t = today();
    const upcoming = await admin("POST", "/tenant/survey", {
      type: "PERSONNEL",
      start: addDays(t, 2),
      end: addDays(t, 4),
      name: "Spring",
      estimatedAnswerers: 12,
      notifications: null,
    });
    expect(upcoming.body).toMatchObject({
      status: 0,
      name: "Spring",
      estimatedAnswerers: 12,
      notifications: null,
    });
    const key = upcoming.body.key;
    const ended = await admin("PUT", `/tenant/survey/${key}`, { endNow: true });
    expect(ended.body.status).toBe(200);
    expect(new Date(ended.body.end).getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      (await admin("PUT", `/tenant/survey/${key}`, { start: addDays(t, -3), end: t })).body.error_key,
    ).toBe("dates_in_past_error");
    expect((await admin("PUT", `/tenant/survey/${key}`, { end: t })).body.error_key).toBe("dates_error");
    const reopened = await admin("PUT", `/tenant/survey/${key}`, { start: t, end: addDays(t, 5) });
    expect(reopened.body.status).toBe(100);
    const renamed = await admin("PUT", `/tenant/survey/${key}`, { name: null, estimatedAnswerers: 20 });
    expect(renamed.body).toMatchObject({ name: null, estimatedAnswerers: 20, status: 100 });
    const weekly = await admin("PUT", `/tenant/survey/${key}`, { notifications: "WEEKLY" });
    expect(weekly.body.notifications).toBe("WEEKLY");

    // A survey whose period has passed reads as ended; the list carries every survey, latest end first.
    const old = await admin("POST", "/tenant/survey", { type: "PERSONNEL", start: t, end: t });
    await setPeriod(old.body.key, new Date(Date.now() - 10 * 86_400_000), new Date(Date.now() - 86_400_000));
    const list = await admin("GET", "/tenant/survey");
    expect(list.body.map((s: { key: string; status: number }) => [s.key, s.status])).toEqual([
      [key, 100],
      [old.body.key, 200],
    ]);
    expect((await admin("DELETE", `/tenant/survey/${key}`)).body).toEqual({ ok: true });
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
    const got = await org.admin("GET", `/tenant/survey/${survey.key}`);
    expect(got.body).toMatchObject({
      totalAnswers: 10,
      latestAnswerAt: t,
      respondentCap: 10,
      capReached: true,
      nextPlan: "PRO",
    });
    expect(got.body.teams).toEqual([expect.objectContaining({ key: team.key, answerers: [] })]);
    const stats = await org.admin("GET", `/tenant/survey/${survey.key}/statistics`);
    expect(stats.body).toEqual([
      { date: addDays(t, -2), answers: 4 },
      { date: addDays(t, -1), answers: 0 },
      { date: t, answers: 6 },
    ]);
    const byShare = await org.admin("GET", `/tenant/survey/${survey.key}/statistics/${share.key}`);
    expect(byShare.body.at(-1)).toEqual({ date: t, answers: 6 });
    expect((await org.admin("GET", `/tenant/survey/${survey.key}/statistics/nope`)).status).toBe(404);
    // A team whose members answered keeps its answers.
    expect((await org.admin("DELETE", `/tenant/team/${team.key}`)).body.error_key).toBe("team_has_answers");
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
    expect((await org.admin("GET", `/tenant/survey/${survey.key}`)).body.name).toBeNull();
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
    const other = await org.admin("POST", "/tenant/team", { name: "Board", type: "MANAGEMENT" });
    expect(
      (
        await org.admin("POST", "/tenant/surveyshare", {
          name: "x",
          surveyKey: survey.key,
          teams: [other.body.key],
        })
      ).body.error_key,
    ).toBe("team_type_mismatch");
    const second = await org.admin("POST", "/tenant/team", { name: "Second", type: "PERSONNEL" });
    const updated = await org.admin("PUT", `/tenant/surveyshare/${share.key}`, {
      name: "Both",
      answerers: 30,
      teams: [team.key, second.body.key],
    });
    expect(updated.body).toMatchObject({ name: "Both", answerers: 30, surveyKey: survey.key });
    expect(updated.body.links).toHaveLength(2);
    const list = await org.admin("GET", `/tenant/surveyshare/bysurvey/${survey.key}`);
    expect(list.body.map((s: { key: string }) => s.key)).toEqual([share.key]);
    expect((await org.admin("DELETE", `/tenant/surveyshare/${share.key}`)).body).toEqual({ ok: true });
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
    expect((await send({ emails: ["a@example.test", "nope"], language: "fi" })).body.error_key).toBe(
      "invalid_email_addresses",
    );
    expect((await send({ emails: emails(251), language: "fi" })).body.error_key).toBe(
      "max_recipients_reached",
    );
    const sent = await send({
      emails: ["A@example.test", "a@example.test", "b@example.test"],
      language: "fi",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.sent).not.toBeNull();
    expect(sent.body.invitations.map((i: { email: string; state: string }) => [i.email, i.state])).toEqual([
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
    while ((await deliverDueMails(db.db, smtpConfig(), quiet)) > 0);
    await processSurveyInvitations(system.system, server.base);
    const mail = received.find((m) => m.to === to);
    expect(mail?.raw).toMatch(/Sinut on kutsuttu vastaamaan kyselyyn/);
    const body = mail?.raw.replace(/=\r?\n/g, "") ?? "";
    expect(body).toContain(`/public/#/s/${share.key}/${team.urlSafeName}`.replace("=", "=3D"));
    const after = await org.admin("GET", `/tenant/surveyshare/${share.key}`);
    expect(after.body.invitations).toEqual([
      expect.objectContaining({ email: to, state: "sent", lastError: null, attempts: 1 }),
    ]);
    expect(after.body.invitations[0].sentAt).not.toBeNull();
  });

  it("a refused address is retried with back-off, then shown as failed with the reason", async () => {
    const org = await organisation("PRO");
    const { share } = await surveyWithShare(org);
    const to = `reject-${randomUUID().slice(0, 8)}@example.test`;
    await org.admin("POST", `/tenant/surveyshare/${share.key}/send`, { emails: [to], language: "en" });
    await processSurveyInvitations(system.system, server.base);
    await deliverDueMails(db.db, smtpConfig(), quiet);
    await processSurveyInvitations(system.system, server.base);
    const retrying = (await org.admin("GET", `/tenant/surveyshare/${share.key}`)).body.invitations[0];
    expect(retrying).toMatchObject({ state: "queued", attempts: 1 });
    expect(retrying.lastError).toMatch(/550/);
    const [mail] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to));
    expect(mail?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    for (let attempt = 2; attempt <= 10; attempt++) {
      await db.owner
        .update(schema.mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(schema.mailOutbox.to, to));
      await deliverDueMails(db.db, smtpConfig(), quiet);
    }
    await processSurveyInvitations(system.system, server.base);
    const failed = (await org.admin("GET", `/tenant/surveyshare/${share.key}`)).body.invitations[0];
    expect(failed).toMatchObject({ email: to, state: "failed", attempts: 10 });
    expect(failed.lastError).toMatch(/550/);
    expect(received.some((m) => m.to === to)).toBe(false);
  });

  it("without SMTP an invitation is not claimed as sent: it shows as failed, no SMTP", async () => {
    const org = await organisation("PRO");
    const { share } = await surveyWithShare(org);
    const to = `nosmtp-${randomUUID().slice(0, 8)}@example.test`;
    await org.admin("POST", `/tenant/surveyshare/${share.key}/send`, { emails: [to], language: "en" });
    await processSurveyInvitations(system.system, server.base);
    await deliverDueMails(db.db, null, quiet);
    await processSurveyInvitations(system.system, server.base);
    const invitation = (await org.admin("GET", `/tenant/surveyshare/${share.key}`)).body.invitations[0];
    expect(invitation).toMatchObject({ state: "failed", lastError: "no_smtp" });
  });
});
