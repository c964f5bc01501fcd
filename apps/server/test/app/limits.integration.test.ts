import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { DEFAULT_LIMITS } from "@kunto/api";
import { addressSubject, RATE_RULES } from "@kunto/auth";
import { schema } from "@kunto/db";
import { afterAll, describe, expect, it } from "vitest";
import { parseLimits } from "../../src/config";
import {
  type Actor,
  actorFor,
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
  TEST_CONFIG,
} from "../support/harness";
import { errorOf, outputOf, type RestAnswer, type RestServer, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 17.5: rate limits where strangers write. Public survey submissions per share and client
 * address (RESPONSE_ADDRESS_LIMIT), invitation mails per user and per organisation an hour
 * (INVITATION_MAIL_USER_LIMIT, INVITATION_MAIL_ORGANISATION_LIMIT), and the votes' own limit; every
 * refusal a 429 with Retry-After. Real HTTP behind one trusted proxy, so the test names the client
 * address; small limits through the server's configuration.
 */
const db = connect();
const servers: Array<{ close: () => Promise<void> }> = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  await db.close();
});

async function serverWith(limits: typeof TEST_CONFIG.limits = {}) {
  const server = await startServer(db.db, { ...TEST_CONFIG, trustProxy: 1, limits });
  servers.push(server);
  return server;
}

/** A /64 of the documentation range, and an IPv4 address, no other test of this database speaks from. */
const network = () => `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
const ipv4 = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A refusal of a rate limit: 429 `too_many_requests` that says when to try again (within the window). */
function expectRefused(answer: RestAnswer, windowSeconds: number) {
  expect(answer.status, answer.text).toBe(429);
  expect(errorOf(answer).error_key).toBe("too_many_requests");
  const wait = Number(answer.headers.get("retry-after"));
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
}

describe("issue 17.5: public submissions per share and client address", () => {
  type Question = {
    key: string;
    slider: { min: number; max: number; step: number } | null;
    choices: { value: number }[] | null;
  };

  async function answersOf(server: RestServer, link: string): Promise<Record<string, number>> {
    const page = await rest(server, { method: "GET", path: `/api/public/survey/${link}?lang=en` });
    const { questions } = outputOf("publicSurvey.get", page) as { questions: Question[] };
    const answers: Record<string, number> = {};
    for (const q of questions) {
      if (q.slider) answers[q.key] = q.slider.min;
      else if (q.choices?.[0]) answers[q.key] = q.choices[0].value;
    }
    return answers;
  }

  const submit = (server: RestServer, link: string, answers: Record<string, number>, from: string) =>
    rest(server, {
      method: "POST",
      path: `/api/public/survey/${link}/response`,
      body: {
        submissionId: randomUUID(),
        browserToken: randomBytes(24).toString("base64url"),
        language: "en",
        answers,
      },
      headers: { "x-forwarded-for": from },
    });

  const stored = async (surveyId: string) =>
    Number(
      (await db.ownerSql`select count(*)::int as n from survey_responses where survey_id = ${surveyId}`)[0]
        ?.n ?? 0,
    );

  it("issue 17.5: a share takes the configured number of submissions from one /64; a neighbour is refused, another share and another network are not", async () => {
    const limit = 3;
    const server = await serverWith({ responseShareAddress: limit });
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const first = await makeSharedSurvey(db.owner, tenant.id);
    const second = await makeSharedSurvey(db.owner, tenant.id);
    const answers = await answersOf(server, first.link);
    const office = network();

    for (let host = 1; host <= limit; host++)
      expect((await submit(server, first.link, answers, `${office}::${host}`)).status).toBe(200);
    // Another address of the same /64: the same client.
    expectRefused(
      await submit(server, first.link, answers, `${office}:aaaa:bbbb:cccc:dddd`),
      RATE_RULES.responseShareAddress.windowSeconds,
    );
    // Over tRPC the same counter and the same header.
    const viaTrpc = await rest(server, {
      method: "POST",
      path: "/trpc/publicSurvey.submit",
      body: {
        shareKey: first.share.key,
        teamUrlSafeName: first.team.urlSafeName,
        submissionId: randomUUID(),
        browserToken: randomBytes(24).toString("base64url"),
        language: "en",
        answers,
      },
      headers: { "x-forwarded-for": `${office}::99` },
    });
    expectRefused(viaTrpc, RATE_RULES.responseShareAddress.windowSeconds);
    expect(await stored(first.survey.id)).toBe(limit);

    // Per share: the same client still answers another link.
    const otherAnswers = await answersOf(server, second.link);
    expect((await submit(server, second.link, otherAnswers, `${office}::1`)).status).toBe(200);
    // Per client: another /64, and an IPv4 address, still answer the full link.
    expect((await submit(server, first.link, answers, `${network()}::1`)).status).toBe(200);
    expect((await submit(server, first.link, answers, ipv4())).status).toBe(200);
    expect(await stored(first.survey.id)).toBe(limit + 2);
  });

  it("issue 17.5: refused submissions count too (invalid answers, a team the link lacks), so probing is limited as well", async () => {
    const limit = 3;
    const server = await serverWith({ responseShareAddress: limit });
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, share, survey } = await makeSharedSurvey(db.owner, tenant.id);
    const answers = await answersOf(server, link);
    const from = ipv4();
    const invalid = await submit(server, link, { "no-such-question": 1 }, from);
    expect(invalid.status, invalid.text).toBe(400);
    expect(errorOf(invalid).error_key).toBe("invalid_answer");
    const wrongTeam = await submit(server, `${share.key}/no-such-team`, answers, from);
    expect(wrongTeam.status, wrongTeam.text).toBe(404);
    expect(errorOf(wrongTeam).error_key).toBe("survey_link_unknown");
    expect((await submit(server, link, answers, from)).status).toBe(200);
    expectRefused(await submit(server, link, answers, from), RATE_RULES.responseShareAddress.windowSeconds);
    expect(await stored(survey.id)).toBe(1);
  });

  it("issue 17.5: the counter keeps neither the respondent's address nor the share's key", async () => {
    const server = await serverWith({ responseShareAddress: 1 });
    const tenant = await makeTenant(db.owner, { plan: "TOTAL" });
    const { link, share } = await makeSharedSurvey(db.owner, tenant.id);
    const answers = await answersOf(server, link);
    const from = ipv4();
    expect((await submit(server, link, answers, from)).status).toBe(200);
    expectRefused(await submit(server, link, answers, from), RATE_RULES.responseShareAddress.windowSeconds);
    const keys = (await db.ownerSql`select key from rate_limits where key like 'response:%'`).map((r) =>
      String(r.key),
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain(from);
      expect(key).not.toContain(share.key);
    }
  });

  it("issue 17.5: the default is generous for an office behind one address and the limit is configurable", () => {
    expect(DEFAULT_LIMITS.responseShareAddress).toBe(100);
    expect(parseLimits({}).responseShareAddress).toBe(DEFAULT_LIMITS.responseShareAddress);
    expect(parseLimits({ RESPONSE_ADDRESS_LIMIT: "500" }).responseShareAddress).toBe(500);
    expect(() => parseLimits({ RESPONSE_ADDRESS_LIMIT: "-1" })).toThrow(/RESPONSE_ADDRESS_LIMIT/);
  });
});

describe("issue 17.5: invitation mails per user and per organisation an hour", () => {
  const userLimit = 3;
  const organisationLimit = 5;
  const window = RATE_RULES.invitationMailUser.windowSeconds;

  async function admin(tenantId: string, name: string): Promise<Actor> {
    const user = await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_admin"] });
    return actorFor(db.db, name, user.id);
  }

  /** Invites one person to the organisation (one mail). */
  const invite = (server: RestServer, actor: Actor, tenantId: string) =>
    rest(server, {
      method: "POST",
      path: "/api/tenant/user",
      actor,
      tenantId,
      body: { email: `invitee-${randomUUID()}@example.test`, roles: ["tenant_basic"] },
    });

  /** Sends a survey's link to `count` new addresses (one mail each). */
  const send = (server: RestServer, actor: Actor, tenantId: string, shareKey: string, count: number) =>
    rest(server, {
      method: "POST",
      path: `/api/tenant/surveyshare/${shareKey}/send`,
      actor,
      tenantId,
      body: {
        emails: Array.from({ length: count }, () => `respondent-${randomUUID()}@example.test`),
        language: "en",
      },
    });

  const queued = async (tenantId: string) =>
    Number(
      (
        await db.ownerSql`select (select count(*) from invitations where tenant_id = ${tenantId})
          + (select count(*) from survey_share_invitations where tenant_id = ${tenantId}) as n`
      )[0]?.n ?? 0,
    );

  it("issue 17.5: one user's mails stop at the user limit while a colleague of the same organisation still sends", async () => {
    const server = await serverWith({
      invitationMailUser: userLimit,
      invitationMailTenant: organisationLimit,
    });
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const { share } = await makeSharedSurvey(db.owner, tenant.id);
    const anna = await admin(tenant.id, "anna");
    const ben = await admin(tenant.id, "ben");

    // A survey link to two addresses and one account invitation: the user's three mails.
    outputOf("surveyShare.send", await send(server, anna, tenant.id, share.key, 2));
    outputOf("tenant.addUser", await invite(server, anna, tenant.id));
    expectRefused(await invite(server, anna, tenant.id), window);
    expectRefused(await send(server, anna, tenant.id, share.key, 1), window);
    expect(await queued(tenant.id)).toBe(3);

    // Per user, not per organisation: the colleague's mails go (the organisation has room).
    outputOf("tenant.addUser", await invite(server, ben, tenant.id));
    expect(await queued(tenant.id)).toBe(4);

    // The user counter follows the user into another organisation of theirs.
    const other = await makeTenant(db.owner, { plan: "PRO" });
    await asOwner(db.owner, (tx) =>
      tx
        .insert(schema.memberships)
        .values({ tenantId: other.id, userId: String(anna.userId), roles: ["tenant_admin"] }),
    );
    expectRefused(await invite(server, anna, other.id), window);
    expect(await queued(other.id)).toBe(0);
  });

  it("issue 17.5: an organisation's mails stop at the organisation limit for every user of it while another organisation still sends", async () => {
    const server = await serverWith({
      invitationMailUser: userLimit,
      invitationMailTenant: organisationLimit,
    });
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const { share } = await makeSharedSurvey(db.owner, tenant.id);
    const [anna, ben, carl] = [
      await admin(tenant.id, "anna"),
      await admin(tenant.id, "ben"),
      await admin(tenant.id, "carl"),
    ];
    outputOf("surveyShare.send", await send(server, anna, tenant.id, share.key, 3));
    // A send that would pass the organisation's limit is refused whole: nothing of it is queued.
    expectRefused(await send(server, ben, tenant.id, share.key, 3), window);
    expect(await queued(tenant.id)).toBe(3);
    outputOf("surveyShare.send", await send(server, ben, tenant.id, share.key, 2));
    expect(await queued(tenant.id)).toBe(organisationLimit);
    // Carl has sent nothing: the organisation is what is full.
    expectRefused(await invite(server, carl, tenant.id), window);
    expect(await queued(tenant.id)).toBe(organisationLimit);

    // Another organisation is counted apart.
    const other = await makeTenant(db.owner, { plan: "PRO" });
    const dora = await admin(other.id, "dora");
    outputOf("tenant.addUser", await invite(server, dora, other.id));
    expect(await queued(other.id)).toBe(1);
  });

  it("issue 17.5: resending an account invitation counts as a mail", async () => {
    const server = await serverWith({ invitationMailUser: 2, invitationMailTenant: organisationLimit });
    const tenant = await makeTenant(db.owner, { plan: "FREE" });
    const anna = await admin(tenant.id, "anna");
    const sent = outputOf("tenant.addUser", await invite(server, anna, tenant.id));
    const resend = () =>
      rest(server, {
        method: "POST",
        path: `/api/tenant/invitation/${sent.id}/resend`,
        actor: anna,
        tenantId: tenant.id,
      });
    outputOf("tenant.resendInvitation", await resend());
    expectRefused(await resend(), window);
  });

  it("issue 17.5: a refused or failed call counts nothing", async () => {
    const server = await serverWith({ invitationMailUser: 2, invitationMailTenant: organisationLimit });
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const anna = await admin(tenant.id, "anna");
    const member = await makeUser(db.owner, { tenantId: tenant.id });
    // An address that is already a member is refused after the count: the count is rolled back.
    const taken = await rest(server, {
      method: "POST",
      path: "/api/tenant/user",
      actor: anna,
      tenantId: tenant.id,
      body: { email: member.email, roles: ["tenant_basic"] },
    });
    expect(errorOf(taken).error_key).toBe("user_exists");
    outputOf("tenant.addUser", await invite(server, anna, tenant.id));
    outputOf("tenant.addUser", await invite(server, anna, tenant.id));
    expectRefused(await invite(server, anna, tenant.id), window);
  });

  it("issue 17.5: both limits are configurable", () => {
    expect(parseLimits({})).toMatchObject({
      invitationMailUser: DEFAULT_LIMITS.invitationMailUser,
      invitationMailTenant: DEFAULT_LIMITS.invitationMailTenant,
    });
    expect(
      parseLimits({ INVITATION_MAIL_USER_LIMIT: "7", INVITATION_MAIL_ORGANISATION_LIMIT: "70" }),
    ).toMatchObject({ invitationMailUser: 7, invitationMailTenant: 70 });
  });
});

describe("issue 17.5: votes keep their limit", () => {
  it("issue 17.5: a full vote counter refuses its /64 with Retry-After; another network still votes", async () => {
    const server = await serverWith();
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const owner = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const { caller } = await callerFor(db.db, await actorFor(db.db, "admin", owner.id), tenant.id);
    const task = await caller.task.create({ name: "Shorter meetings", category: "organization" });
    const voter = network();
    // The counter of that /64 as a busy office leaves it: full for this window.
    await db.ownerSql`insert into rate_limits (key, window_start, hits)
      values (${`${RATE_RULES.taskVoteAddress.name}:${addressSubject(`${voter}::1`)}`}, now(),
        ${RATE_RULES.taskVoteAddress.limit})`;
    const vote = (from: string) =>
      rest(server, {
        method: "POST",
        path: "/api/shared/taskvoting",
        body: { tenantId: tenant.id, taskId: task.id, session: randomBytes(24).toString("base64url") },
        headers: { "x-forwarded-for": from },
      });
    expectRefused(await vote(`${voter}::2`), RATE_RULES.taskVoteAddress.windowSeconds);
    expect((await vote(`${network()}::2`)).status).toBe(200);
  });
});
