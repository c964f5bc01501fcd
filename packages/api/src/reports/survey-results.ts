import { AppError } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { computeReport, DEFAULT_CATEGORY_TREE, emptyAggregates, type SideReport } from "@kunto/engine";
import { sql } from "drizzle-orm";
import { loadTemplate } from "../responses/responses";
import { answersToFirstRelease, mergeReleased, shareStates } from "./release";

/**
 * A survey's calculation (document 2 §3 "calculation", §7 calculate / calculation): the engine's
 * report over the released aggregates of all its shares (release.ts), never a scan of raw
 * responses nor the live aggregates. The personnel side is under `lta`, the management side under
 * `oja` (the spec's names), the released answer count under `metadata.answers` and the answers
 * held back until they make a step under `metadata.heldBack`.
 */
export interface SurveyCalculation {
  surveyKey: string;
  type: "PERSONNEL" | "MANAGEMENT";
  anonymityThreshold: number | null;
  metadata: { answers: number; heldBack: number; needed: number };
  lta: SideReport | null;
  oja: SideReport | null;
}

export async function calculateSurvey(
  tx: Tx,
  tenantId: string,
  surveyKey: string,
): Promise<SurveyCalculation> {
  const [survey] = await tx.execute<{
    id: string;
    type: "PERSONNEL" | "MANAGEMENT";
    template_id: string;
    anonymity_threshold: number;
  }>(sql`
    select s.id, s.type, s.template_id, t.anonymity_threshold
    from surveys s join tenants t on t.id = s.tenant_id
    where s.key = ${surveyKey} and s.tenant_id = ${tenantId}`);
  if (!survey) throw new AppError("not_found");
  const shares = await shareStates(tx, [survey.id]);
  const { aggregates: merged, heldBack } = mergeReleased(shares);
  const template = await loadTemplate(tx, survey.template_id);
  const personnel = survey.type === "PERSONNEL";
  const report = computeReport({
    tree: DEFAULT_CATEGORY_TREE,
    questions: template.engineQuestions,
    personnel: personnel ? merged : emptyAggregates(),
    management: personnel ? null : merged,
    anonymityThreshold: survey.anonymity_threshold,
  });
  return {
    surveyKey,
    type: survey.type,
    anonymityThreshold: personnel ? report.anonymityThreshold : null,
    metadata: {
      answers: merged.respondents,
      heldBack,
      needed:
        personnel && merged.respondents < survey.anonymity_threshold
          ? answersToFirstRelease(shares, survey.anonymity_threshold)
          : 0,
    },
    lta: personnel ? report.personnel : null,
    // null until the management survey has an answer.
    oja: personnel ? null : report.management,
  };
}
