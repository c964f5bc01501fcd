import { hashBrowserToken, type loadTemplate } from "@kunto/api";
import { generatePublicKey, generateToken } from "@kunto/auth";
import { type Db, schema, withScope } from "@kunto/db";
import { aggregateRespondents, type Contributions, scoreRespondent } from "@kunto/engine";
import type { Hono } from "hono";
import { activePersonnelTemplate } from "./template";

const BATCH = 1_000;

/**
 * Only in the benchmark's server entry (bench/main.ts), for `pnpm bench reports` (issue 8): an ended personnel survey of
 * the signed-in account's tenant with `shares` shares (one team each) and `respondents` real
 * response rows spread evenly over them. Each response's answers (what the page sends: slider values,
 * choice values) are stored as a `survey_responses` row and scored by the engine exactly as a
 * submission scores them (`scoreRespondent` on the same template), and each contribution is added
 * to a random one of its share's stripes; the stripes are written once at the end (batched, so
 * 100,000 responses take a minute rather than the ten a submission at a time would).
 */
export function addReportBenchRoutes(app: Hono, db: Db) {
  app.post("/__bench/report-survey", async (c) => {
    const tenantId = c.req.header("x-tenant-id") ?? "";
    const { shares = 10, respondents = 1000 } = (await c.req.json()) as {
      shares?: number;
      respondents?: number;
    };
    const result = await withScope(db, { userId: null, tenantId }, async (tx) => {
      const { id: templateId, loaded } = await activePersonnelTemplate(tx);
      const [survey] = await tx
        .insert(schema.surveys)
        .values({
          tenantId,
          key: generatePublicKey(),
          type: "PERSONNEL",
          name: `Bench ${respondents}`,
          templateId,
          startsAt: new Date(Date.now() - 30 * 86_400_000),
          endsAt: new Date(Date.now() - 86_400_000),
          latestAnswerOn: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
        })
        .returning();
      if (!survey) throw new Error("survey");
      const shareKeys: string[] = [];
      for (let i = 0; i < shares; i++) {
        const urlSafeName = `bench-${generatePublicKey().slice(0, 10).toLowerCase()}`;
        const [team] = await tx
          .insert(schema.teams)
          .values({ tenantId, key: generatePublicKey(), name: urlSafeName, type: "PERSONNEL", urlSafeName })
          .returning();
        const [share] = await tx
          .insert(schema.surveyShares)
          .values({ tenantId, surveyId: survey.id, key: generateToken(), name: `Team ${i + 1}` })
          .returning();
        if (!team || !share) throw new Error("share");
        await tx.insert(schema.surveyShareTeams).values({ tenantId, shareId: share.id, teamId: team.id });
        shareKeys.push(share.key);
        const count = Math.floor(respondents / shares) + (i < respondents % shares ? 1 : 0);
        const stripes: Contributions[][] = Array.from({ length: schema.AGGREGATE_STRIPES }, () => []);
        for (let done = 0; done < count; done += BATCH) {
          const rows = [];
          for (let n = done; n < Math.min(count, done + BATCH); n++) {
            const { stored, raw } = randomSubmission(loaded);
            stripes[Math.floor(Math.random() * stripes.length)]?.push(scoreRespondent(loaded.prepared, raw));
            rows.push({
              tenantId,
              surveyId: survey.id,
              shareId: share.id,
              teamId: team.id,
              submissionId: crypto.randomUUID(),
              browserTokenHash: hashBrowserToken(generateToken()),
              language: "fi" as const,
              answers: stored,
              submittedOn: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
            });
          }
          await tx.insert(schema.surveyResponses).values(rows);
        }
        for (const [stripe, contributions] of stripes.entries()) {
          if (contributions.length === 0) continue;
          await tx.insert(schema.surveyAggregates).values({
            tenantId,
            surveyId: survey.id,
            shareId: share.id,
            teamId: team.id,
            stripe,
            aggregates: aggregateRespondents(contributions),
          });
        }
      }
      return { surveyKey: survey.key, shareKeys };
    });
    return c.json(result);
  });
}

/** A respondent's answers as the page sends them (values) and as the engine reads them (choice keys). */
export function randomSubmission(template: Awaited<ReturnType<typeof loadTemplate>>) {
  const stored: Record<string, number> = {};
  const raw: Record<string, number | string> = {};
  for (const [key, rule] of template.rules) {
    if (rule.kind === "slider") {
      const steps = Math.round((rule.max - rule.min) / rule.step);
      stored[key] = raw[key] = rule.min + Math.floor(Math.random() * (steps + 1)) * rule.step;
    } else {
      const choices = [...rule.keys.entries()];
      const [value, choiceKey] = choices[Math.floor(Math.random() * choices.length)] as [number, string];
      stored[key] = value;
      raw[key] = choiceKey;
    }
  }
  return { stored, raw };
}
