import { randomBytes, randomUUID } from "node:crypto";
import { loadTemplate, submitResponse } from "@kunto/api";
import { generatePublicKey, generateToken } from "@kunto/auth";
import type { Db } from "@kunto/db";
import { schema } from "@kunto/db";
import { type Aggregates, emptyAggregates, mergeAggregates, parseAggregates } from "@kunto/engine";
import { eq, inArray } from "drizzle-orm";
import { asOwner, type connect } from "./harness";
import { activeTemplate } from "./surveys";

type Owner = ReturnType<typeof connect>["owner"];
const DAY = 24 * 60 * 60 * 1000;

/** Answers to every scorable question of a template, varied by `seed` (what the page could send). */
export async function answersFor(db: Db, templateId: string, seed: number): Promise<Record<string, number>> {
  const template = await loadTemplate(db, templateId);
  const answers: Record<string, number> = {};
  let i = 0;
  for (const [key, rule] of template.rules) {
    i++;
    if (rule.kind === "slider") {
      const steps = Math.round((rule.max - rule.min) / rule.step);
      answers[key] = rule.min + ((seed * 7 + i * 3) % (steps + 1)) * rule.step;
    } else {
      const values = [...rule.keys.keys()];
      answers[key] = values[(seed + i) % values.length] as number;
    }
  }
  return answers;
}

/** A submission as the respondent page makes it: new ids, every question answered (varied by `seed`). */
export async function submissionFor(db: Db, templateId: string, seed: number) {
  return {
    submissionId: randomUUID(),
    browserToken: randomBytes(24).toString("base64url"),
    language: "en" as const,
    answers: await answersFor(db, templateId, seed),
  };
}

export interface ReportSurvey {
  surveyId: string;
  key: string;
  templateId: string;
  shares: Array<{ id: string; key: string; name: string; team: string; teamId: string }>;
}

/**
 * A survey with one share (and team) per entry of `answers`, each answered that many times through
 * the real submission path (aggregates folded as on the respondent page); then, unless `running`,
 * ended at `endsAt` (default: yesterday).
 */
export async function answeredSurvey(
  db: Db,
  owner: Owner,
  tenantId: string,
  options: {
    type?: "PERSONNEL" | "MANAGEMENT";
    answers: number[];
    endsAt?: Date;
    running?: boolean;
    seed?: number;
    name?: string;
  },
): Promise<ReportSurvey> {
  const type = options.type ?? "PERSONNEL";
  const template = await activeTemplate(owner, type);
  const made = await asOwner(owner, async (tx) => {
    const [survey] = await tx
      .insert(schema.surveys)
      .values({
        tenantId,
        key: generatePublicKey(),
        type,
        name: options.name ?? null,
        templateId: template.id,
        startsAt: new Date(Date.now() - 30 * DAY),
        endsAt: new Date(Date.now() + 7 * DAY),
      })
      .returning();
    if (!survey) throw new Error("survey fixture");
    const shares: ReportSurvey["shares"] = [];
    for (const [i] of options.answers.entries()) {
      const urlSafeName = `team-${generatePublicKey().slice(0, 8).toLowerCase()}`;
      const [team] = await tx
        .insert(schema.teams)
        .values({ tenantId, key: generatePublicKey(), name: `Team ${i + 1}`, type, urlSafeName })
        .returning();
      const [share] = await tx
        .insert(schema.surveyShares)
        .values({ tenantId, surveyId: survey.id, key: generateToken(), name: `Share ${i + 1}` })
        .returning();
      if (!team || !share) throw new Error("share fixture");
      await tx.insert(schema.surveyShareTeams).values({ tenantId, shareId: share.id, teamId: team.id });
      shares.push({ id: share.id, key: share.key, name: share.name, team: urlSafeName, teamId: team.id });
    }
    return { survey, shares };
  });
  let seed = options.seed ?? 1;
  for (const [i, count] of options.answers.entries()) {
    const share = made.shares[i];
    if (!share) continue;
    for (let n = 0; n < count; n++) {
      await submitResponse(db, share.key, share.team, await submissionFor(db, template.id, seed++));
    }
  }
  if (!options.running) {
    await asOwner(owner, (tx) =>
      tx
        .update(schema.surveys)
        .set({ endsAt: options.endsAt ?? new Date(Date.now() - DAY) })
        .where(eq(schema.surveys.id, made.survey.id)),
    );
  }
  return { surveyId: made.survey.id, key: made.survey.key, templateId: template.id, shares: made.shares };
}

/** The stored aggregate rows of the given shares, merged (to feed the engine directly in tests). */
export async function storedAggregates(owner: Owner, shareIds: string[]): Promise<Aggregates> {
  const rows = await asOwner(owner, (tx) =>
    tx
      .select({ aggregates: schema.surveyAggregates.aggregates })
      .from(schema.surveyAggregates)
      .where(inArray(schema.surveyAggregates.shareId, shareIds)),
  );
  return rows.reduce((sum, row) => mergeAggregates(sum, parseAggregates(row.aggregates)), emptyAggregates());
}
