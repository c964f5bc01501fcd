import { randomUUID } from "node:crypto";
import { loadDefaultContent, schema } from "@kunto/db";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";

/** Survey templates over real HTTP (document 2 §2-§5, §7, §8; issue 7). */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Record<string, string>;
let member: Record<string, string>;
let adminId: string;
let tenantId: string;
let originalStartTid = "";
const created = new Set<string>();
const json = { "content-type": "application/json" };

beforeAll(async () => {
  await asOwner(db.owner, (tx) => loadDefaultContent(tx));
  server = await startServer(db.db);
  const [original] = await db.owner
    .select()
    .from(schema.surveyTemplates)
    .where(eq(schema.surveyTemplates.key, "default-personnel"));
  originalStartTid = original?.startTid ?? "";
  const tenant = await makeTenant(db.owner);
  tenantId = tenant.id;
  const platform = await makeUser(db.owner, { systemRoles: ["admin"] });
  adminId = platform.id;
  const tenantAdmin = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  admin = { cookie: (await actorFor(db.db, "admin", platform.id)).cookie ?? "", origin: server.base };
  member = {
    cookie: (await actorFor(db.db, "member", tenantAdmin.id)).cookie ?? "",
    origin: server.base,
    "x-tenant-id": tenant.id,
  };
});

afterAll(async () => {
  // Leave the shared database as the seed made it: defaults active, nothing of ours left.
  await asOwner(db.owner, async (tx) => {
    const ours = await tx
      .select({ id: schema.surveyTemplates.id })
      .from(schema.surveyTemplates)
      .where(inArray(schema.surveyTemplates.key, [...created, "-"]));
    const ids = ours.map((r) => r.id);
    if (ids.length > 0) {
      await tx.delete(schema.surveys).where(inArray(schema.surveys.templateId, ids));
      await tx.delete(schema.surveyTemplates).where(inArray(schema.surveyTemplates.id, ids));
    }
    await tx
      .update(schema.surveyTemplates)
      .set({ active: true, startTid: originalStartTid })
      .where(eq(schema.surveyTemplates.key, "default-personnel"));
    await tx
      .update(schema.surveyTemplates)
      .set({ active: true })
      .where(eq(schema.surveyTemplates.key, "default-management"));
    await loadDefaultContent(tx);
  });
  await server.close();
  await db.close();
});

async function call(method: string, path: string, body?: unknown, headers = admin) {
  const response = await server.fetch(`/api${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, ...json },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked field by field.
  const data = (await response.json()) as any;
  if (method !== "GET" && response.ok && typeof data?.key === "string" && !data.key.startsWith("default-"))
    created.add(data.key);
  return { status: response.status, data };
}

const texts = (en: string, fi?: string) => (fi ? { en, fi } : { en });
const slider = (title: string, extra: Record<string, unknown> = {}) => ({
  type: "SLIDER",
  title: texts(title),
  category: "leadership",
  sliderMin: 0,
  sliderMax: 10,
  sliderStep: 1,
  sliderMinText: texts("Not at all"),
  sliderMaxText: texts("Completely"),
  ...extra,
});
const minimal = () => ({
  type: "PERSONNEL",
  start: texts("Welcome", "Tervetuloa"),
  questions: [
    { key: "TMP_g", type: "GROUP", title: texts("Leadership"), order: 999 },
    slider("My manager listens", { group: "TMP_g", order: 5 }),
    {
      type: "CHOICE_SINGLE",
      title: texts("Pick one"),
      category: "organization",
      choiceList: [
        { name: texts("No"), value: 0, order: 70 },
        { name: texts("Yes"), value: 1, order: 3 },
      ],
    },
  ],
});

async function surveyUsing(key: string) {
  await asOwner(db.owner, async (tx) => {
    const [template] = await tx
      .select()
      .from(schema.surveyTemplates)
      .where(eq(schema.surveyTemplates.key, key));
    if (!template) throw new Error("template");
    await tx.insert(schema.surveys).values({
      tenantId,
      key: `st-${randomUUID()}`,
      type: template.type,
      templateId: template.id,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
    });
  });
}

async function audits(action: string) {
  return db.owner
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.actorUserId, adminId), eq(schema.auditLog.action, action)));
}

describe("survey templates (document 2 §7)", () => {
  it("lists the seeded defaults as the active ones and reads one with texts in five languages", async () => {
    const list = await call("GET", "/surveytemplate");
    expect(list.status).toBe(200);
    const personnel = list.data.find((t: { key: string }) => t.key === "default-personnel");
    expect(personnel).toMatchObject({ type: "PERSONNEL", active: true, welcome: true, autojump: true });
    expect(personnel.questionCount).toBeGreaterThan(10);
    const one = await call("GET", "/surveytemplate/default-personnel");
    expect(one.status).toBe(200);
    expect(one.data.start.fi).not.toBe("");
    expect(one.data.missingCategories).toEqual([]);
    expect(one.data.questions.map((q: { order: number }) => q.order).slice(0, 3)).toEqual([10, 20, 30]);
    expect((await call("GET", "/surveytemplate/nope")).data.error_key).toBe("not_found");
    const categories = await call("GET", "/surveytemplate/categories?type=PERSONNEL");
    const names = categories.data.map((c: { engineName: string }) => c.engineName);
    expect(names).toContain("organization");
    expect(names).not.toContain("efficiency");
    expect(names).not.toContain("economy_customers");
  });

  it("creates with renumbered orders, defaults, English fallback and an audit row", async () => {
    const { status, data } = await call("POST", "/surveytemplate", minimal());
    expect(status).toBe(200);
    expect(data).toMatchObject({
      type: "PERSONNEL",
      version: 1,
      active: false,
      welcome: true,
      autojump: true,
      inUse: 0,
    });
    expect(data.start).toEqual({
      en: "Welcome",
      fi: "Tervetuloa",
      ee: "Welcome",
      ru: "Welcome",
      pl: "Welcome",
    });
    expect(data.questions.map((q: { order: number }) => q.order)).toEqual([10, 20, 30]);
    const [group, inGroup, choice] = data.questions;
    expect(group.key.startsWith("TMP_")).toBe(false);
    expect(inGroup.group).toBe(group.key);
    expect(choice.choiceList.map((c: { order: number }) => c.order)).toEqual([10, 20]);
    expect(choice.choiceLimit).toBe(1);
    expect(data.missingCategories).toContain("motivation");
    expect((await audits("admin.surveyTemplate.create")).length).toBeGreaterThan(0);
  });

  it("refuses each broken rule with its error key", async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...minimal(), type: undefined }, "type_error"],
      [{ ...minimal(), type: "OTHER" }, "type_error"],
      [{ ...minimal(), start: { en: " " } }, "survey_template_start_required"],
      [
        { ...minimal(), questions: [slider("s", { sliderMin: 5, sliderMax: 5 })] },
        "survey_template_slider_invalid",
      ],
      [{ ...minimal(), questions: [slider("s", { sliderStep: 0 })] }, "survey_template_slider_invalid"],
      [{ ...minimal(), questions: [slider("s", { sliderStep: 3 })] }, "survey_template_slider_invalid"],
      [
        {
          ...minimal(),
          questions: [
            {
              type: "CHOICE_SINGLE",
              title: texts("c"),
              choiceList: [
                { name: texts("a"), value: 1 },
                { name: texts("b"), value: 1 },
              ],
            },
          ],
        },
        "survey_template_choices_invalid",
      ],
      [
        {
          ...minimal(),
          questions: [
            { type: "CHOICE_SINGLE", title: texts("c"), choiceList: [{ name: texts("a"), value: 1 }] },
          ],
        },
        "survey_template_choices_invalid",
      ],
      [
        {
          ...minimal(),
          questions: [
            { key: "TMP_a", type: "GROUP", title: texts("a") },
            { type: "GROUP", title: texts("b"), group: "TMP_a" },
          ],
        },
        "survey_template_group_nested",
      ],
      [{ ...minimal(), questions: [slider("s", { group: "TMP_missing" })] }, "survey_template_group_unknown"],
      [
        { ...minimal(), questions: [{ type: "SLIDER", title: { en: "" } }] },
        "survey_template_question_title_required",
      ],
      [{ ...minimal(), questions: [{ title: texts("x") }] }, "question_type_required"],
      [
        { ...minimal(), questions: [slider("s", { category: "efficiency" })] },
        "survey_template_category_invalid",
      ],
      [
        { ...minimal(), questions: [slider("s", { category: "economy_customers" })] },
        "survey_template_category_invalid",
      ],
    ];
    for (const [body, key] of cases) {
      const { status, data } = await call("POST", "/surveytemplate", body);
      expect({ key, status, got: data.error_key }).toEqual({ key, status: 400, got: key });
    }
  });

  it("saves a template no survey uses in place, keeps its type, and drops texts nobody reads", async () => {
    const first = (await call("POST", "/surveytemplate", minimal())).data;
    const oldTitleTid = first.questions[1].titleTid;
    const body = {
      ...minimal(),
      questions: first.questions.map((q: Record<string, unknown>, i: number) =>
        i === 1 ? { ...q, title: texts("My manager really listens") } : q,
      ),
    };
    const saved = await call("PUT", `/surveytemplate/${first.key}`, body);
    expect(saved.status).toBe(200);
    expect(saved.data.key).toBe(first.key);
    expect(saved.data.version).toBe(1);
    expect(saved.data.questions[1].title.en).toBe("My manager really listens");
    expect(saved.data.questions[1].key).toBe(first.questions[1].key);
    // Unchanged texts keep their tids; the changed one got a new tid and the old one is gone.
    expect(saved.data.questions[0].titleTid).toBe(first.questions[0].titleTid);
    expect(saved.data.questions[1].titleTid).not.toBe(oldTitleTid);
    expect(
      await db.owner.select().from(schema.translations).where(eq(schema.translations.tid, oldTitleTid)),
    ).toEqual([]);
    const retyped = await call("PUT", `/surveytemplate/${first.key}`, { ...body, type: "MANAGEMENT" });
    expect(retyped).toMatchObject({ status: 400, data: { error_key: "survey_template_type_fixed" } });
    expect((await audits("admin.surveyTemplate.update")).length).toBeGreaterThan(0);
  });

  it("versions a template in use: the survey keeps the old one, the new version takes over active", async () => {
    const clone = (await call("POST", "/surveytemplate/default-personnel/clone")).data;
    expect(clone).toMatchObject({ version: 1, active: false, type: "PERSONNEL" });
    const original = (await call("GET", "/surveytemplate/default-personnel")).data;
    expect(clone.questions.length).toBe(original.questions.length);
    expect(clone.questions[0].titleTid).toBe(original.questions[0].titleTid);
    expect((await audits("admin.surveyTemplate.clone")).length).toBeGreaterThan(0);

    const activated = await call("POST", `/surveytemplate/${clone.key}/activate`);
    expect(activated.data.active).toBe(true);
    expect((await call("GET", "/surveytemplate/default-personnel")).data.active).toBe(false);
    expect((await call("GET", "/surveytemplate/default-management")).data.active).toBe(true);
    expect((await audits("admin.surveyTemplate.activate")).length).toBeGreaterThan(0);

    await surveyUsing(clone.key);
    const inUse = (await call("GET", `/surveytemplate/${clone.key}`)).data;
    expect(inUse.inUse).toBe(1);
    const edited = {
      type: "PERSONNEL",
      start: inUse.start,
      welcome: false,
      autojump: true,
      questions: inUse.questions.map((q: Record<string, unknown>, i: number) =>
        i === 1 ? { ...q, title: { en: "Edited question" } } : q,
      ),
    };
    const saved = await call("PUT", `/surveytemplate/${clone.key}`, edited);
    expect(saved.status).toBe(200);
    expect(saved.data.key).not.toBe(clone.key);
    expect(saved.data).toMatchObject({ version: 2, active: true, inUse: 0, welcome: false });
    expect(saved.data.questions[1].title).toEqual({
      en: "Edited question",
      fi: "Edited question",
      ee: "Edited question",
      ru: "Edited question",
      pl: "Edited question",
    });
    expect(saved.data.questions[1].key).toBe(inUse.questions[1].key);
    // The survey's template is exactly as it was.
    const kept = (await call("GET", `/surveytemplate/${clone.key}`)).data;
    expect(kept.active).toBe(false);
    expect(kept.welcome).toBe(true);
    expect(kept.questions).toEqual(inUse.questions);

    // Deleting: refused while in use or active; a free, inactive one goes.
    expect(await call("DELETE", `/surveytemplate/${clone.key}`)).toMatchObject({
      status: 409,
      data: { error_key: "survey_template_in_use" },
    });
    expect(await call("DELETE", `/surveytemplate/${saved.data.key}`)).toMatchObject({
      status: 409,
      data: { error_key: "survey_template_active" },
    });
    await call("POST", "/surveytemplate/default-personnel/activate");
    const removed = await call("DELETE", `/surveytemplate/${saved.data.key}`);
    expect(removed).toMatchObject({ status: 200, data: { ok: true } });
    expect((await call("GET", `/surveytemplate/${saved.data.key}`)).status).toBe(404);
    expect((await audits("admin.surveyTemplate.delete")).length).toBeGreaterThan(0);
  });

  it("answers 403 to a tenant admin and 401 to nobody, for every call", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/surveytemplate"],
      ["GET", "/surveytemplate/categories"],
      ["GET", "/surveytemplate/default-personnel"],
      ["POST", "/surveytemplate", minimal()],
      ["PUT", "/surveytemplate/default-personnel", minimal()],
      ["POST", "/surveytemplate/default-personnel/clone"],
      ["POST", "/surveytemplate/default-personnel/activate"],
      ["DELETE", "/surveytemplate/default-personnel"],
    ];
    for (const [method, path, body] of calls) {
      const denied = await call(method, path, body, member);
      expect({ path, method, status: denied.status, key: denied.data.error_key }).toEqual({
        path,
        method,
        status: 403,
        key: "access_denied",
      });
      const anonymous = await call(method, path, body, { origin: server.base });
      expect({ path, method, status: anonymous.status }).toEqual({ path, method, status: 401 });
    }
  });

  it("loading the default content again keeps an admin's edits and deactivation", async () => {
    const personnel = (await call("GET", "/surveytemplate/default-personnel")).data;
    const body = {
      type: "PERSONNEL",
      start: { en: "Edited welcome" },
      questions: personnel.questions,
    };
    const saved = await call("PUT", "/surveytemplate/default-personnel", body);
    const clone = (await call("POST", `/surveytemplate/${saved.data.key}/clone`)).data;
    await call("POST", `/surveytemplate/${clone.key}/activate`);
    await asOwner(db.owner, (tx) => loadDefaultContent(tx));
    const after = (await call("GET", `/surveytemplate/${saved.data.key}`)).data;
    expect(after.start.en).toBe("Edited welcome");
    expect(after.active).toBe(false);
    const defaults = await db.owner
      .select()
      .from(schema.surveyTemplates)
      .where(like(schema.surveyTemplates.key, "default-personnel%"));
    expect(defaults.map((d) => d.active)).toEqual([false]);
    // The admin deletes the deactivated default; it stays deleted at the next start.
    if (saved.data.key === "default-personnel") {
      expect((await call("DELETE", "/surveytemplate/default-personnel")).status).toBe(200);
      await asOwner(db.owner, (tx) => loadDefaultContent(tx));
      expect((await call("GET", "/surveytemplate/default-personnel")).status).toBe(404);
    }
  });
});
