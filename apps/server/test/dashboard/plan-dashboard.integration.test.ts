import { AppError, type Plan } from "@kunto/core";
import { schema, withScope } from "@kunto/db";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerThroughPage } from "../support/answers";
import { actorFor, asOwner, callerFor, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 19.17, document 2 §6 "FREE ... limited dashboard; PRO ... full dashboard; TOTAL ... full
 * branded dashboard": the FREE dashboard answers without the comparison with earlier surveys while
 * PRO's has it; the brand colour and logo are set on TOTAL only (403 `plan_required`, feature
 * `brandedDashboard`, on PRO and FREE), validated (400 `invalid_color`, `invalid_image`), served
 * to the organisation's members only, and kept but not shown after a downgrade.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;
/** A 1×1 PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
/** The first bytes of a JPEG, enough for the type check. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString("base64");

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

/** A member of the organisation with a fresh session (nothing remembered from an earlier plan). */
async function member(tenantId: string, role: "tenant_admin" | "tenant_basic") {
  const user = await makeUser(db.owner, { tenantId, tenantRoles: [role] });
  const actor = await actorFor(db.db, role, user.id);
  const call = (method: string, path: string, body?: unknown) =>
    rest(server, { actor, tenantId, method, path: `/api${path}`, body });
  return { actor, call };
}

async function organisation(plan: Plan) {
  const tenant = await makeTenant(db.owner, { plan });
  return {
    tenant,
    admin: await member(tenant.id, "tenant_admin"),
    basic: await member(tenant.id, "tenant_basic"),
  };
}

const setPlan = (tenantId: string, plan: Plan) =>
  asOwner(db.owner, (tx) => tx.update(schema.tenants).set({ plan }).where(eq(schema.tenants.id, tenantId)));

/** Two ended personnel surveys and two management surveys with answers: a comparison to make. */
async function answeredTwice(tenantId: string) {
  const keys: Record<"earlier" | "latest", string> = { earlier: "", latest: "" };
  for (const [name, endedDaysAgo] of [
    ["earlier", 2],
    ["latest", 1],
  ] as const) {
    const startsAt = new Date(Date.now() - 3 * DAY);
    const personnel = await makeSharedSurvey(db.owner, tenantId, { startsAt });
    await answerThroughPage(server, personnel.link, 5, endedDaysAgo);
    const management = await makeSharedSurvey(db.owner, tenantId, { type: "MANAGEMENT", startsAt });
    await answerThroughPage(server, management.link, 1, endedDaysAgo);
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.surveys)
        .set({ endsAt: new Date(Date.now() - endedDaysAgo * DAY) })
        .where(inArray(schema.surveys.id, [personnel.survey.id, management.survey.id])),
    );
    keys[name] = personnel.survey.key;
  }
  return keys;
}

const dashboardOf = async (call: Awaited<ReturnType<typeof member>>["call"]) =>
  outputOf("dashboard.survey", await call("GET", "/tenant/survey/dashboard"));

async function causeOf(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof AppError ? cause : null;
  }
  return null;
}

const storedBranding = async (tenantId: string) =>
  asOwner(db.owner, async (tx) => {
    const [tenant] = await tx
      .select({ color: schema.tenants.brandColor })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, tenantId));
    const logos = await tx
      .select({ key: schema.tenantLogos.key })
      .from(schema.tenantLogos)
      .where(eq(schema.tenantLogos.tenantId, tenantId));
    return { color: tenant?.color ?? null, logos: logos.map((l) => l.key) };
  });

describe("the limited dashboard (FREE) and the full one (PRO)", () => {
  it("FREE answers the latest surveys' index and culture without the comparison; PRO with it", async () => {
    const free = await organisation("FREE");
    const pro = await organisation("PRO");
    await answeredTwice(free.tenant.id);
    const proKeys = await answeredTwice(pro.tenant.id);

    const limited = await dashboardOf(free.basic.call);
    expect(limited.comparisonAvailable).toBe(false);
    expect(limited.personnel?.status).toBe("ok");
    expect(limited.personnel?.fitnessIndex.overall.value).toEqual(expect.any(Number));
    expect(limited.personnel?.culture.percentages).not.toBeNull();
    expect(limited.personnel?.previous).toBeNull();
    expect(limited.management?.fitnessIndex.overall.value).toEqual(expect.any(Number));
    expect(limited.management?.previous).toBeNull();
    // The tasks overview stays on the limited dashboard.
    expect((await free.basic.call("GET", "/tenant/task/loop")).status).toBe(200);

    const full = await dashboardOf(pro.basic.call);
    expect(full.comparisonAvailable).toBe(true);
    expect(full.personnel?.survey.key).toBe(proKeys.latest);
    expect(full.personnel?.previous?.survey.key).toBe(proKeys.earlier);
    expect(full.personnel?.previous?.fitnessIndex.overall.value).toEqual(expect.any(Number));
    expect(full.management?.previous).not.toBeNull();
  });

  it("a PRO organisation moved to FREE loses the comparison at once, and gets it back on PRO", async () => {
    const org = await organisation("PRO");
    await answeredTwice(org.tenant.id);
    expect((await dashboardOf(org.admin.call)).personnel?.previous).not.toBeNull();
    await setPlan(org.tenant.id, "FREE");
    const free = await member(org.tenant.id, "tenant_admin");
    const limited = await dashboardOf(free.call);
    expect([limited.comparisonAvailable, limited.personnel?.previous]).toEqual([false, null]);
    await setPlan(org.tenant.id, "PRO");
    const again = await member(org.tenant.id, "tenant_admin");
    expect((await dashboardOf(again.call)).personnel?.previous).not.toBeNull();
  });
});

describe("the branded dashboard (TOTAL)", () => {
  it("TOTAL: an admin sets the colour and the logo, and every member reads them", async () => {
    const org = await organisation("TOTAL");
    const set = outputOf(
      "tenant.setBranding",
      await org.admin.call("PUT", "/tenant/branding", { color: " #1A6BCC " }),
    );
    expect(set).toEqual({ available: true, color: "#1a6bcc", logo: null });
    const uploaded = outputOf(
      "tenant.uploadLogo",
      await org.admin.call("POST", "/tenant/branding/logo", { data: PNG, fileName: "Our logo.png" }),
    );
    expect(uploaded.logo).toMatchObject({ contentType: "image/png", fileName: "Our_logo.png" });
    const key = uploaded.logo?.key ?? "";

    // A basic member (who cannot change it) reads the branding and the image.
    const read = outputOf("tenant.branding", await org.basic.call("GET", "/tenant/branding"));
    expect(read).toEqual(uploaded);
    const logo = outputOf(
      "tenant.brandingLogo",
      await org.basic.call("GET", `/tenant/branding/logo?key=${key}`),
    );
    expect(logo).toEqual({ key, contentType: "image/png", data: PNG });
    const refused = await org.basic.call("PUT", "/tenant/branding", { color: "#000000" });
    expect([refused.status, errorOf(refused).error_key]).toEqual([403, "access_denied"]);

    // A new upload replaces the logo under a new key; the old key is gone.
    const replaced = outputOf(
      "tenant.uploadLogo",
      await org.admin.call("POST", "/tenant/branding/logo", { data: JPEG }),
    );
    expect(replaced.logo).toMatchObject({ contentType: "image/jpeg", fileName: null });
    expect(replaced.logo?.key).not.toBe(key);
    const old = await org.basic.call("GET", `/tenant/branding/logo?key=${key}`);
    expect([old.status, errorOf(old).error_key]).toEqual([404, "not_found"]);

    const removed = outputOf("tenant.removeLogo", await org.admin.call("DELETE", "/tenant/branding/logo"));
    expect(removed).toEqual({ available: true, color: "#1a6bcc", logo: null });
    const none = await org.basic.call("GET", "/tenant/branding/logo");
    expect([none.status, errorOf(none).error_key]).toEqual([404, "not_found"]);
    const cleared = outputOf(
      "tenant.setBranding",
      await org.admin.call("PUT", "/tenant/branding", { color: null }),
    );
    expect(cleared.color).toBeNull();
    expect(await storedBranding(org.tenant.id)).toEqual({ color: null, logos: [] });
  });

  it("PRO and FREE: setting the colour or the logo answers 403 plan_required and stores nothing", async () => {
    for (const plan of ["PRO", "FREE"] as const) {
      const org = await organisation(plan);
      const color = await org.admin.call("PUT", "/tenant/branding", { color: "#1a6bcc" });
      expect([color.status, errorOf(color).error_key], plan).toEqual([403, "plan_required"]);
      const upload = await org.admin.call("POST", "/tenant/branding/logo", { data: PNG });
      expect([upload.status, errorOf(upload).error_key], plan).toEqual([403, "plan_required"]);
      const { caller } = await callerFor(db.db, org.admin.actor, org.tenant.id);
      const cause = await causeOf(caller.tenant.setBranding({ color: "#1a6bcc" }));
      expect(cause?.details, plan).toEqual({ feature: "brandedDashboard" });
      // The settings read says the plan has no branding (the settings show the plan note).
      const read = outputOf("tenant.branding", await org.basic.call("GET", "/tenant/branding"));
      expect(read, plan).toEqual({ available: false, color: null, logo: null });
      expect(await storedBranding(org.tenant.id), plan).toEqual({ color: null, logos: [] });
    }
  });

  it("an invalid colour answers 400 invalid_color and an invalid image 400 invalid_image; nothing changes", async () => {
    const org = await organisation("TOTAL");
    outputOf("tenant.setBranding", await org.admin.call("PUT", "/tenant/branding", { color: "#112233" }));
    const logo = outputOf(
      "tenant.uploadLogo",
      await org.admin.call("POST", "/tenant/branding/logo", { data: PNG }),
    );
    for (const color of ["red", "#12345", "#1234567", "#12345g", "112233", "#fff", ""]) {
      const answer = await org.admin.call("PUT", "/tenant/branding", { color });
      expect([answer.status, errorOf(answer).error_key], color).toEqual([400, "invalid_color"]);
    }
    const notImage = Buffer.from("GIF89a, not one of the three").toString("base64");
    const bad = await org.admin.call("POST", "/tenant/branding/logo", { data: notImage });
    expect([bad.status, errorOf(bad).error_key]).toEqual([400, "invalid_image"]);
    const read = outputOf("tenant.branding", await org.admin.call("GET", "/tenant/branding"));
    expect(read).toEqual({ available: true, color: "#112233", logo: logo.logo });
  });

  it("another organisation's logo is not readable, through the API or the database", async () => {
    const a = await organisation("TOTAL");
    const b = await organisation("TOTAL");
    const { logo } = outputOf(
      "tenant.uploadLogo",
      await a.admin.call("POST", "/tenant/branding/logo", { data: PNG }),
    );
    const key = logo?.key ?? "";
    // B's admin naming A's organisation is turned away; in B's own, A's key finds nothing.
    const foreign = await rest(server, {
      actor: b.admin.actor,
      tenantId: a.tenant.id,
      method: "GET",
      path: `/api/tenant/branding/logo?key=${key}`,
    });
    expect([foreign.status, errorOf(foreign).error_key]).toEqual([403, "access_denied"]);
    const own = await b.admin.call("GET", `/tenant/branding/logo?key=${key}`);
    expect([own.status, errorOf(own).error_key]).toEqual([404, "not_found"]);
    expect(outputOf("tenant.branding", await b.basic.call("GET", "/tenant/branding")).logo).toBeNull();
    // Row-level security: a transaction of B's sees no logo of A.
    const seen = await withScope(db.db, { userId: b.admin.actor.userId, tenantId: b.tenant.id }, (tx) =>
      tx.select({ key: schema.tenantLogos.key }).from(schema.tenantLogos),
    );
    expect(seen).toEqual([]);
    const mine = await withScope(db.db, { userId: a.admin.actor.userId, tenantId: a.tenant.id }, (tx) =>
      tx.select({ key: schema.tenantLogos.key }).from(schema.tenantLogos),
    );
    expect(mine).toEqual([{ key }]);
  });

  it("a downgrade keeps the stored branding but shows none of it; an upgrade shows it again", async () => {
    const org = await organisation("TOTAL");
    outputOf("tenant.setBranding", await org.admin.call("PUT", "/tenant/branding", { color: "#0b7a3b" }));
    const { logo } = outputOf(
      "tenant.uploadLogo",
      await org.admin.call("POST", "/tenant/branding/logo", { data: PNG }),
    );
    await setPlan(org.tenant.id, "PRO");
    const pro = await member(org.tenant.id, "tenant_admin");
    const read = outputOf("tenant.branding", await pro.call("GET", "/tenant/branding"));
    expect(read).toEqual({ available: false, color: "#0b7a3b", logo });
    const served = await pro.call("GET", "/tenant/branding/logo");
    expect([served.status, errorOf(served).error_key]).toEqual([403, "plan_required"]);
    const changed = await pro.call("PUT", "/tenant/branding", { color: "#000000" });
    expect([changed.status, errorOf(changed).error_key]).toEqual([403, "plan_required"]);

    await setPlan(org.tenant.id, "TOTAL");
    const total = await member(org.tenant.id, "tenant_basic");
    expect(outputOf("tenant.branding", await total.call("GET", "/tenant/branding"))).toEqual({
      available: true,
      color: "#0b7a3b",
      logo,
    });
    expect(outputOf("tenant.brandingLogo", await total.call("GET", "/tenant/branding/logo")).data).toBe(PNG);
  });

  it("a stored logo can be removed on any plan: removing is no plan feature", async () => {
    const org = await organisation("TOTAL");
    outputOf("tenant.uploadLogo", await org.admin.call("POST", "/tenant/branding/logo", { data: PNG }));
    await setPlan(org.tenant.id, "FREE");
    const free = await member(org.tenant.id, "tenant_admin");
    const removed = outputOf("tenant.removeLogo", await free.call("DELETE", "/tenant/branding/logo"));
    expect(removed).toEqual({ available: false, color: null, logo: null });
    expect(await storedBranding(org.tenant.id)).toEqual({ color: null, logos: [] });
    // Still an admin's act: a basic member may not.
    const basic = await member(org.tenant.id, "tenant_basic");
    const refused = await basic.call("DELETE", "/tenant/branding/logo");
    expect([refused.status, errorOf(refused).error_key]).toEqual([403, "access_denied"]);
  });
});
