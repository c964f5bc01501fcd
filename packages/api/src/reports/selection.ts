import { AppError, PLAN_LIMITS, type Plan, type SurveyType } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { type Aggregates, emptyAggregates, mergeAggregates } from "@kunto/engine";
import { sql } from "drizzle-orm";
import { mergeReleased, shareStates } from "./release";

/**
 * What a report is asked about (document 2 §4 "Report selection", §7 "Reports call selection"):
 * survey keys (every share of each survey) or shares, each by its id (what report outputs name it
 * by: the share key is the secret of its public links, docs/decisions.md "Survey pages: links for
 * read-only users, upcoming surveys") or by its key. At most one survey per side (personnel,
 * management); shares name their survey. The selection is resolved to the shares' released
 * aggregates only (release.ts): a report never scans raw responses, nor shows live aggregates.
 */
export type ReportRequest = { by: "surveys"; keys: string[] } | { by: "shares"; keys: string[] };

export interface SelectedShare {
  id: string;
  key: string;
  name: string;
  /** Released responses through this share (every team of it). */
  respondents: number;
  /** The share's released aggregates. */
  aggregates: Aggregates;
  /** Stored answers of the share not released yet (fewer than a step). */
  heldBack: number;
}

export interface SelectedSurvey {
  id: string;
  key: string;
  name: string | null;
  type: SurveyType;
  templateId: string;
  startsAt: Date;
  endsAt: Date;
  /** Every share of the survey, in name order (the anonymity rule looks at all of them). */
  allShares: SelectedShare[];
  /** The selected shares, in name order. */
  shares: SelectedShare[];
  /** The selected shares' released aggregates merged. */
  aggregates: Aggregates;
  /** Answers of the selected shares held back until they make a step. */
  heldBack: number;
  /** The whole survey's released aggregates merged (every share). */
  total: Aggregates;
}

export interface ResolvedSelection {
  personnel: SelectedSurvey | null;
  management: SelectedSurvey | null;
}

/** Up to this many keys in one call (a survey has a handful of shares; 100 is far beyond use). */
export const MAX_REPORT_KEYS = 100;

/** Splits "a,b,,c " into distinct trimmed keys. */
export function parseKeys(keys: string): string[] {
  const list = [
    ...new Set(
      keys
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length === 0) throw new AppError("choose_target_group");
  if (list.length > MAX_REPORT_KEYS) throw new AppError("report_selection_invalid");
  return list;
}

type SurveyRow = {
  id: string;
  key: string;
  name: string | null;
  type: SurveyType;
  template_id: string;
  starts_at: Date;
  ends_at: Date;
};

async function surveysOf(tx: Tx, tenantId: string, request: ReportRequest) {
  const keys = request.keys;
  const surveys =
    request.by === "surveys"
      ? await tx.execute<SurveyRow>(sql`
          select id, key, name, type, template_id, starts_at, ends_at from surveys
          where tenant_id = ${tenantId} and key = any(${sql.param(keys)}::text[])`)
      : await tx.execute<SurveyRow>(sql`
          select distinct s.id, s.key, s.name, s.type, s.template_id, s.starts_at, s.ends_at
          from survey_shares sh join surveys s on s.id = sh.survey_id
          where sh.tenant_id = ${tenantId}
            and (sh.key = any(${sql.param(keys)}::text[]) or sh.id::text = any(${sql.param(keys)}::text[]))`);
  return surveys.map((s) => ({
    ...s,
    starts_at: new Date(s.starts_at),
    ends_at: new Date(s.ends_at),
  }));
}

/**
 * Every share of the surveys with its released aggregates (stripes and teams added up), keyed by its
 * id in reports; `linkKey` (never in an output) lets a call name it by its key too.
 */
async function sharesOf(tx: Tx, surveyIds: string[]) {
  return (await shareStates(tx, surveyIds)).map((share) => ({
    id: share.id,
    key: share.id,
    linkKey: share.key,
    name: share.name,
    surveyId: share.surveyId,
    respondents: share.released.respondents,
    aggregates: share.released,
    heldBack: share.heldBack,
  }));
}

/** The ids of the shares a call names by id or by key; `not_found` for one that is not among them. */
function wantedShares(shares: Array<{ id: string; linkKey: string }>, keys: string[]): Set<string> {
  const idOf = new Map(shares.flatMap((s) => [[s.id, s.id] as const, [s.linkKey, s.id] as const]));
  const ids = new Set<string>();
  for (const key of keys) {
    const id = idOf.get(key);
    if (id === undefined) throw new AppError("not_found");
    ids.add(id);
  }
  return ids;
}

/**
 * Resolves a request to at most one survey per side with its selected shares, or refuses it:
 * `not_found` for a key that is not the account's, `report_selection_invalid` for two surveys of
 * one type, `selected_share_free_warning` when the plan allows fewer shares than selected (a FREE
 * account: one share per side, also when a survey key stands for a survey with several shares).
 */
export async function resolveSelection(
  tx: Tx,
  tenant: { id: string; plan: Plan },
  request: ReportRequest,
): Promise<ResolvedSelection> {
  const surveys = await surveysOf(tx, tenant.id, request);
  if (request.by === "surveys" && surveys.length !== request.keys.length) throw new AppError("not_found");
  const personnel = surveys.filter((s) => s.type === "PERSONNEL");
  const management = surveys.filter((s) => s.type === "MANAGEMENT");
  if (personnel.length > 1 || management.length > 1) throw new AppError("report_selection_invalid");
  const shares = surveys.length
    ? await sharesOf(
        tx,
        surveys.map((s) => s.id),
      )
    : [];
  const wanted = request.by === "shares" ? wantedShares(shares, request.keys) : null;
  const max = PLAN_LIMITS[tenant.plan].maxSelectedShares;

  const side = (row: (typeof surveys)[number] | undefined): SelectedSurvey | null => {
    if (!row) return null;
    const allShares = shares.filter((s) => s.surveyId === row.id);
    const selected = wanted ? allShares.filter((s) => wanted.has(s.id)) : allShares;
    if (max !== null && selected.length > max) throw new AppError("selected_share_free_warning");
    if (selected.length === 0) throw new AppError("choose_target_group");
    const merge = (list: SelectedShare[]) =>
      list.reduce((sum, s) => mergeAggregates(sum, s.aggregates), emptyAggregates());
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      type: row.type,
      templateId: row.template_id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      allShares,
      shares: selected,
      aggregates: merge(selected),
      heldBack: selected.reduce((sum, s) => sum + s.heldBack, 0),
      total: merge(allShares),
    };
  };
  return { personnel: side(personnel[0]), management: side(management[0]) };
}

/**
 * The account's previous survey of the same type with answers (ended before this one ends), its
 * released aggregates merged over all its shares: the baseline of the trends. null when there is none.
 */
export async function previousSurvey(tx: Tx, tenantId: string, current: SelectedSurvey) {
  const [row] = await tx.execute<SurveyRow>(sql`
    select id, key, name, type, template_id, starts_at, ends_at from surveys
    where tenant_id = ${tenantId} and type = ${current.type} and id <> ${current.id}
      and latest_answer_on is not null and ends_at < ${current.endsAt.toISOString()}::timestamptz
    order by ends_at desc, created_at desc limit 1`);
  if (!row) return null;
  const total = mergeReleased(await shareStates(tx, [row.id])).aggregates;
  if (total.respondents === 0) return null;
  return {
    key: row.key,
    name: row.name,
    templateId: row.template_id,
    endsAt: new Date(row.ends_at),
    total,
  };
}
