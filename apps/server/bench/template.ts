import { loadTemplate } from "@kunto/api";
import { schema, type Tx } from "@kunto/db";
import { and, desc, eq } from "drizzle-orm";

/** The active personnel template, loaded as a submission loads it (the benchmarks' surveys use it). */
export async function activePersonnelTemplate(tx: Tx) {
  const [template] = await tx
    .select()
    .from(schema.surveyTemplates)
    .where(and(eq(schema.surveyTemplates.type, "PERSONNEL"), eq(schema.surveyTemplates.active, true)))
    .orderBy(desc(schema.surveyTemplates.version))
    .limit(1);
  if (!template) throw new Error("no active personnel template");
  return { id: template.id, loaded: await loadTemplate(tx, template.id) };
}
