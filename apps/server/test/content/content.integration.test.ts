import { QUESTION_CATEGORY_NAMES } from "@kunto/content";
import { loadDefaultContent, schema } from "@kunto/db";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { asOwner, connect } from "../support/harness";

const db = connect();
afterAll(() => db.close());

describe("default content", () => {
  it("loads the tree, both templates and the suggested tasks, every tid in all five languages", async () => {
    await asOwner(db.owner, (tx) => loadDefaultContent(tx));
    const missing = await db.ownerSql<{ tid: string; languages: number }[]>`
      with used as (
        select name_tid as tid from categories union select description_tid from categories
        union select start_tid from survey_templates where key like 'default-%'
        union select title_tid from survey_questions union select content_tid from survey_questions
        union select slider_min_tid from survey_questions union select slider_max_tid from survey_questions
        union select strength_tid from survey_questions union select weakness_tid from survey_questions
        union select opportunity_tid from survey_questions
        union select name_tid from question_choices
        union select name_tid from static_tasks union select description_tid from static_tasks
      )
      select used.tid, count(t.language)::int as languages
      from used left join translations t on t.tid = used.tid and t.text <> ''
      where used.tid is not null
      group by used.tid having count(t.language) <> 5`;
    expect(missing).toEqual([]);

    const templates = await db.owner.select().from(schema.surveyTemplates);
    // Other files (and platform admins) add templates beside the defaults.
    expect(
      templates
        .map((t) => t.key)
        .filter((key) => key.startsWith("default-"))
        .sort(),
    ).toEqual(["default-management", "default-personnel"]);
    const perCategory = await db.ownerSql<{ key: string; category: string; n: number }[]>`
      select t.key, q.category, count(*)::int as n from survey_questions q join survey_templates t on t.id = q.template_id
      where q.type <> 'GROUP' group by t.key, q.category`;
    const personnel = perCategory.filter((r) => r.key === "default-personnel");
    const management = perCategory.filter((r) => r.key === "default-management");
    for (const leaf of QUESTION_CATEGORY_NAMES.filter((name) => name !== "economy_customers")) {
      expect(personnel.find((r) => r.category === leaf)?.n ?? 0).toBeGreaterThanOrEqual(3);
      expect(management.find((r) => r.category === leaf)?.n ?? 0).toBeGreaterThanOrEqual(3);
    }
    expect(management.find((r) => r.category === "economy_customers")?.n ?? 0).toBeGreaterThanOrEqual(3);
    expect(personnel.find((r) => r.category === "economy_customers")).toBeUndefined();

    const help = await db.owner
      .select()
      .from(schema.staticTasks)
      .where(eq(schema.staticTasks.type, "personnel_help"));
    expect(help.length).toBeGreaterThanOrEqual(3);
    const [sub] = await db.owner
      .select()
      .from(schema.categories)
      .where(eq(schema.categories.key, "processes"));
    const [parent] = await db.owner
      .select()
      .from(schema.categories)
      .where(eq(schema.categories.key, "efficiency"));
    expect(sub?.parentId).toBe(parent?.id);
  });

  it("loads again without duplicating and keeps texts edited since", async () => {
    await asOwner(db.owner, (tx) => loadDefaultContent(tx));
    const [first] = await db.owner.select().from(schema.translations).limit(1);
    if (!first) throw new Error("no translations");
    await db.owner
      .update(schema.translations)
      .set({ text: "Edited by an admin" })
      .where(and(eq(schema.translations.tid, first.tid), eq(schema.translations.language, first.language)));
    const counts = async () =>
      (
        await db.ownerSql<
          { n: number }[]
        >`select (select count(*) from survey_questions) + (select count(*) from static_tasks) + (select count(*) from translations) as n`
      )[0]?.n;
    const before = await counts();
    const result = await asOwner(db.owner, (tx) => loadDefaultContent(tx));
    expect(result.questions).toBe(0);
    expect(result.tasks).toBe(0);
    expect(await counts()).toBe(before);
    const [after] = await db.owner
      .select()
      .from(schema.translations)
      .where(and(eq(schema.translations.tid, first.tid), eq(schema.translations.language, first.language)));
    expect(after?.text).toBe("Edited by an admin");
  });
});
