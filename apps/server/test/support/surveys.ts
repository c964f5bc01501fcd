import { generatePublicKey, generateToken } from "@kunto/auth";
import { loadDefaultContent, schema } from "@kunto/db";
import { and, desc, eq } from "drizzle-orm";
import { asOwner, type connect } from "./harness";

type Owner = ReturnType<typeof connect>["owner"];
const DAY = 24 * 60 * 60 * 1000;

/** The default templates in the database (idempotent), and the active one of a type. */
export async function activeTemplate(owner: Owner, type: "PERSONNEL" | "MANAGEMENT") {
  await asOwner(owner, (tx) => loadDefaultContent(tx));
  const [template] = await owner
    .select()
    .from(schema.surveyTemplates)
    .where(and(eq(schema.surveyTemplates.type, type), eq(schema.surveyTemplates.active, true)))
    .orderBy(desc(schema.surveyTemplates.version), desc(schema.surveyTemplates.createdAt))
    .limit(1);
  if (!template) throw new Error(`no active ${type} template`);
  return template;
}

/**
 * A survey of a tenant with one share for one team, as the admin screens make them (fixtures on
 * the owner connection as the system role).
 */
export async function makeSharedSurvey(
  owner: Owner,
  tenantId: string,
  options: { type?: "PERSONNEL" | "MANAGEMENT"; startsAt?: Date; endsAt?: Date } = {},
) {
  const type = options.type ?? "PERSONNEL";
  const template = await activeTemplate(owner, type);
  return asOwner(owner, async (tx) => {
    const urlSafeName = `team-${generatePublicKey().slice(0, 8).toLowerCase()}`;
    const [team] = await tx
      .insert(schema.teams)
      .values({ tenantId, key: generatePublicKey(), name: "Myynti", type, urlSafeName })
      .returning();
    const [survey] = await tx
      .insert(schema.surveys)
      .values({
        tenantId,
        key: generatePublicKey(),
        type,
        templateId: template.id,
        startsAt: options.startsAt ?? new Date(Date.now() - DAY),
        endsAt: options.endsAt ?? new Date(Date.now() + 7 * DAY),
      })
      .returning();
    if (!team || !survey) throw new Error("survey fixture");
    const [share] = await tx
      .insert(schema.surveyShares)
      .values({ tenantId, surveyId: survey.id, key: generateToken(), name: "Myynti" })
      .returning();
    if (!share) throw new Error("share fixture");
    await tx.insert(schema.surveyShareTeams).values({ tenantId, shareId: share.id, teamId: team.id });
    return { template, team, survey, share, link: `${share.key}/${urlSafeName}` };
  });
}
