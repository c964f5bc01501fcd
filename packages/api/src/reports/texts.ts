import type { Language } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { sql } from "drizzle-orm";
import { textsFor } from "../responses/responses";

/** A category's name and description in the reader's language (document 2 §3 Category). */
export interface CategoryText {
  name: string;
  parent: string | null;
  title: string;
  description: string;
}

/** A question's title and its strength / weakness / opportunity wording (SWOT texts). */
export interface QuestionText {
  key: string;
  title: string;
  strengthTid: string | null;
  weaknessTid: string | null;
  opportunityTid: string | null;
  strength: string | null;
  weakness: string | null;
  opportunity: string | null;
}

/** The category tree's texts, English where the language has none. */
export async function categoryTexts(tx: Tx, language: Language): Promise<CategoryText[]> {
  const rows = await tx.execute<{
    engine_name: string;
    parent: string | null;
    name_tid: string;
    description_tid: string;
  }>(sql`
    select c.engine_name, p.engine_name as parent, c.name_tid, c.description_tid
    from categories c left join categories p on p.id = c.parent_id
    order by c.level, c."order"`);
  const text = await textsFor(
    tx,
    rows.flatMap((r) => [r.name_tid, r.description_tid]),
    language,
  );
  return rows.map((r) => ({
    name: r.engine_name,
    parent: r.parent,
    title: text(r.name_tid) || r.engine_name,
    description: text(r.description_tid) ?? "",
  }));
}

/** The scorable questions of a template with their texts, in template order. */
export async function questionTexts(tx: Tx, templateId: string, language: Language): Promise<QuestionText[]> {
  const rows = await tx.execute<{
    key: string;
    title_tid: string;
    strength_tid: string | null;
    weakness_tid: string | null;
    opportunity_tid: string | null;
  }>(sql`
    select key, title_tid, strength_tid, weakness_tid, opportunity_tid from survey_questions
    where template_id = ${templateId} and type <> 'GROUP' order by "order"`);
  const text = await textsFor(
    tx,
    rows.flatMap((r) =>
      [r.title_tid, r.strength_tid, r.weakness_tid, r.opportunity_tid].filter((t): t is string => t !== null),
    ),
    language,
  );
  return rows.map((r) => ({
    key: r.key,
    title: text(r.title_tid) ?? "",
    strengthTid: r.strength_tid,
    weaknessTid: r.weakness_tid,
    opportunityTid: r.opportunity_tid,
    strength: text(r.strength_tid),
    weakness: text(r.weakness_tid),
    opportunity: text(r.opportunity_tid),
  }));
}
