import { randomUUID } from "node:crypto";
import { loadDefaultContent, schema } from "@kunto/db";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { actorFor, asOwner, connect, makeTenant, makeUser, startServer } from "../support/harness";
import { errorOf, outputOf, type RestRequest, rest } from "../support/rest";

/** Survey templates over real HTTP (document 2 §2-§5, §7, §8; issue 7). */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
/** Who calls: the platform admin, a tenant admin (with the organisation's header) or nobody. */
type Caller = Pick<RestRequest, "actor" | "tenantId">;
let admin: Caller;
let member: Caller;
let adminId: string;
let tenantId: string;
let originalStartTid = "";
const created = new Set<string>();

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
  admin = { actor: await actorFor(db.db, "admin", platform.id) };
  member = { actor: await actorFor(db.db, "member", tenantAdmin.id), tenantId: tenant.id };
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

const nobody: Caller = { actor: null };
const ZKeyed = z.object({ key: z.string() });

/** One REST call (as the platform admin unless `as` names another); remembers the templates it made. */
async function call(method: string, path: string, body?: unknown, as = admin) {
  const answer = await rest(server, { ...as, method, path: `/api${path}`, body });
  const made = ZKeyed.safeParse(answer.body);
  const ok = answer.status >= 200 && answer.status < 300;
  if (method !== "GET" && ok && made.success && !made.data.key.startsWith("default-"))
    created.add(made.data.key);
  return answer;
}

/** The item at `index`: a missing one fails the test, as reading a field of it would. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} among ${items.length}`);
  return item;
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
    const personnel = outputOf("surveyTemplate.list", list).find((t) => t.key === "default-personnel");
    expect(personnel).toMatchObject({ type: "PERSONNEL", active: true, welcome: true, autojump: true });
    expect(personnel?.questionCount).toBeGreaterThan(10);
    const one = await call("GET", "/surveytemplate/default-personnel");
    expect(one.status).toBe(200);
    const template = outputOf("surveyTemplate.get", one);
    expect(template.start.fi).not.toBe("");
    expect(template.missingCategories).toEqual([]);
    expect(template.questions.map((q) => q.order).slice(0, 3)).toEqual([10, 20, 30]);
    expect(errorOf(await call("GET", "/surveytemplate/nope")).error_key).toBe("not_found");
    const categories = await call("GET", "/surveytemplate/categories?type=PERSONNEL");
    const names = outputOf("surveyTemplate.categories", categories).map((c) => c.engineName);
    expect(names).toContain("organization");
    expect(names).not.toContain("efficiency");
    expect(names).not.toContain("economy_customers");
  });

  it("creates with renumbered orders, defaults, English fallback and an audit row", async () => {
    const answer = await call("POST", "/surveytemplate", minimal());
    expect(answer.status).toBe(200);
    const data = outputOf("surveyTemplate.create", answer);
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
    expect(data.questions.map((q) => q.order)).toEqual([10, 20, 30]);
    const [group, inGroup, choice] = [nth(data.questions, 0), nth(data.questions, 1), nth(data.questions, 2)];
    expect(group.key.startsWith("TMP_")).toBe(false);
    expect(inGroup.group).toBe(group.key);
    expect(choice.choiceList.map((c) => c.order)).toEqual([10, 20]);
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
      const answer = await call("POST", "/surveytemplate", body);
      expect({ key, status: answer.status, got: errorOf(answer).error_key }).toEqual({
        key,
        status: 400,
        got: key,
      });
    }
  });

  it("saves a template no survey uses in place, keeps its type, and drops texts nobody reads", async () => {
    const first = outputOf("surveyTemplate.create", await call("POST", "/surveytemplate", minimal()));
    const oldTitleTid = nth(first.questions, 1).titleTid;
    const body = {
      ...minimal(),
      questions: first.questions.map((q, i) =>
        i === 1 ? { ...q, title: texts("My manager really listens") } : q,
      ),
    };
    const answer = await call("PUT", `/surveytemplate/${first.key}`, body);
    expect(answer.status).toBe(200);
    const saved = outputOf("surveyTemplate.update", answer);
    expect(saved.key).toBe(first.key);
    expect(saved.version).toBe(1);
    expect(nth(saved.questions, 1).title.en).toBe("My manager really listens");
    expect(nth(saved.questions, 1).key).toBe(nth(first.questions, 1).key);
    // Unchanged texts keep their tids; the changed one got a new tid and the old one is gone.
    expect(nth(saved.questions, 0).titleTid).toBe(nth(first.questions, 0).titleTid);
    expect(nth(saved.questions, 1).titleTid).not.toBe(oldTitleTid);
    expect(
      await db.owner.select().from(schema.translations).where(eq(schema.translations.tid, oldTitleTid)),
    ).toEqual([]);
    const retyped = await call("PUT", `/surveytemplate/${first.key}`, { ...body, type: "MANAGEMENT" });
    expect(retyped).toMatchObject({ status: 400, body: { error_key: "survey_template_type_fixed" } });
    expect((await audits("admin.surveyTemplate.update")).length).toBeGreaterThan(0);
  });

  it("versions a template in use: the survey keeps the old one, the new version takes over active", async () => {
    const clone = outputOf(
      "surveyTemplate.clone",
      await call("POST", "/surveytemplate/default-personnel/clone"),
    );
    expect(clone).toMatchObject({ version: 1, active: false, type: "PERSONNEL" });
    const get = async (key: string) =>
      outputOf("surveyTemplate.get", await call("GET", `/surveytemplate/${key}`));
    const original = await get("default-personnel");
    expect(clone.questions.length).toBe(original.questions.length);
    expect(nth(clone.questions, 0).titleTid).toBe(nth(original.questions, 0).titleTid);
    expect((await audits("admin.surveyTemplate.clone")).length).toBeGreaterThan(0);

    const activated = await call("POST", `/surveytemplate/${clone.key}/activate`);
    expect(outputOf("surveyTemplate.activate", activated).active).toBe(true);
    expect((await get("default-personnel")).active).toBe(false);
    expect((await get("default-management")).active).toBe(true);
    expect((await audits("admin.surveyTemplate.activate")).length).toBeGreaterThan(0);

    await surveyUsing(clone.key);
    const inUse = await get(clone.key);
    expect(inUse.inUse).toBe(1);
    const edited = {
      type: "PERSONNEL",
      start: inUse.start,
      welcome: false,
      autojump: true,
      questions: inUse.questions.map((q, i) => (i === 1 ? { ...q, title: { en: "Edited question" } } : q)),
    };
    const answer = await call("PUT", `/surveytemplate/${clone.key}`, edited);
    expect(answer.status).toBe(200);
    const saved = outputOf("surveyTemplate.update", answer);
    expect(saved.key).not.toBe(clone.key);
    expect(saved).toMatchObject({ version: 2, active: true, inUse: 0, welcome: false });
    expect(nth(saved.questions, 1).title).toEqual({
      en: "Edited question",
      fi: "Edited question",
      ee: "Edited question",
      ru: "Edited question",
      pl: "Edited question",
    });
    expect(nth(saved.questions, 1).key).toBe(nth(inUse.questions, 1).key);
    // The survey's template is exactly as it was.
    const kept = await get(clone.key);
    expect(kept.active).toBe(false);
    expect(kept.welcome).toBe(true);
    expect(kept.questions).toEqual(inUse.questions);

    // Deleting: refused while in use or active; a free, inactive one goes.
    expect(await call("DELETE", `/surveytemplate/${clone.key}`)).toMatchObject({
      status: 409,
      body: { error_key: "survey_template_in_use" },
    });
    expect(await call("DELETE", `/surveytemplate/${saved.key}`)).toMatchObject({
      status: 409,
      body: { error_key: "survey_template_active" },
    });
    await call("POST", "/surveytemplate/default-personnel/activate");
    const removed = await call("DELETE", `/surveytemplate/${saved.key}`);
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call("GET", `/surveytemplate/${saved.key}`)).status).toBe(404);
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
      expect({ path, method, status: denied.status, key: errorOf(denied).error_key }).toEqual({
        path,
        method,
        status: 403,
        key: "access_denied",
      });
      const anonymous = await call(method, path, body, nobody);
      expect({ path, method, status: anonymous.status }).toEqual({ path, method, status: 401 });
    }
  });

  it("loading the default content again keeps an admin's edits and deactivation", async () => {
    const personnel = outputOf("surveyTemplate.get", await call("GET", "/surveytemplate/default-personnel"));
    const body = {
      type: "PERSONNEL",
      start: { en: "Edited welcome" },
      questions: personnel.questions,
    };
    const saved = outputOf(
      "surveyTemplate.update",
      await call("PUT", "/surveytemplate/default-personnel", body),
    );
    const clone = outputOf("surveyTemplate.clone", await call("POST", `/surveytemplate/${saved.key}/clone`));
    await call("POST", `/surveytemplate/${clone.key}/activate`);
    await asOwner(db.owner, (tx) => loadDefaultContent(tx));
    const after = outputOf("surveyTemplate.get", await call("GET", `/surveytemplate/${saved.key}`));
    expect(after.start.en).toBe("Edited welcome");
    expect(after.active).toBe(false);
    const defaults = await db.owner
      .select()
      .from(schema.surveyTemplates)
      .where(like(schema.surveyTemplates.key, "default-personnel%"));
    expect(defaults.map((d) => d.active)).toEqual([false]);
    // The admin deletes the deactivated default; it stays deleted at the next start.
    if (saved.key === "default-personnel") {
      expect((await call("DELETE", "/surveytemplate/default-personnel")).status).toBe(200);
      await asOwner(db.owner, (tx) => loadDefaultContent(tx));
      expect((await call("GET", "/surveytemplate/default-personnel")).status).toBe(404);
    }
  });
});
