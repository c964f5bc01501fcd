import type { SurveyType } from "@kunto/core";
import type { Tx } from "@kunto/db";
import {
  type Aggregates,
  emptyAggregates,
  type Moments,
  mergeAggregates,
  parseAggregates,
} from "@kunto/engine";
import { sql } from "drizzle-orm";

/**
 * Released results (issue 17.1, docs/reports.md "Released results"). Every figure shown comes from
 * a share's released aggregates, never from its live ones, so that two readings of a selection
 * are identical or differ by at least `step` respondents in every figure that changed: nobody can
 * subtract one reading from the next to learn one person's answer.
 *
 * A share's release advances only when it has at least `step` new respondents since the last
 * one, and then per figure: a category or question takes its live value only when it has at
 * least `step` new answers of its own, else it keeps its released value. Answers short of a step
 * stay held back (stored and counted, never shown), at the end of a survey too.
 */

/** A figure's new value: the live one when it has `step` new answers, else the released one. */
function advanceSection(
  released: Readonly<Record<string, Moments>>,
  live: Readonly<Record<string, Moments>>,
  step: number,
): Record<string, Moments> {
  const next: Record<string, Moments> = Object.create(null);
  for (const key of new Set([...Object.keys(released), ...Object.keys(live)])) {
    const was = released[key];
    const now = live[key];
    if (now && now.count - (was?.count ?? 0) >= step) next[key] = now;
    else if (was) next[key] = was;
  }
  return next;
}

/** The next released state, or null while fewer than `step` respondents are new since `released`. */
export function advanceRelease(released: Aggregates, live: Aggregates, step: number): Aggregates | null {
  if (live.respondents - released.respondents < Math.max(1, step)) return null;
  return {
    respondents: live.respondents,
    categories: advanceSection(released.categories, live.categories, step),
    questions: advanceSection(released.questions, live.questions, step),
  };
}

/**
 * The step of a survey's releases: the organisation's anonymity threshold for personnel surveys;
 * 1 for management surveys, whose results have no threshold (each answer is shown as it comes).
 */
export const releaseStep = (type: SurveyType, threshold: number) => (type === "PERSONNEL" ? threshold : 1);

export interface ShareState {
  id: string;
  key: string;
  name: string;
  surveyId: string;
  /** What results show of this share. */
  released: Aggregates;
  /** Answers stored but not yet released (fewer than a step). */
  heldBack: number;
}

type Row = {
  id: string;
  key: string;
  name: string;
  survey_id: string;
  type: SurveyType;
  threshold: number;
  released: unknown;
  stripes: unknown[];
};

/**
 * Every share of the surveys with its released aggregates, in name order, advancing each share's
 * release first where it has a step of new answers. Concurrent readers agree: a release is written
 * only over the state it was computed from (its respondent count), and a reader that loses the race
 * reads the winner's release.
 */
export async function shareStates(tx: Tx, surveyIds: string[]): Promise<ShareState[]> {
  if (surveyIds.length === 0) return [];
  const rows = await tx.execute<Row>(sql`
    select sh.id, sh.key, sh.name, sh.survey_id, s.type, t.anonymity_threshold as threshold,
      sh.released_aggregates as released,
      coalesce((select jsonb_agg(a.aggregates) from survey_aggregates a where a.share_id = sh.id), '[]'::jsonb) as stripes
    from survey_shares sh join surveys s on s.id = sh.survey_id join tenants t on t.id = s.tenant_id
    where sh.survey_id = any(${sql.param(surveyIds)}::uuid[])
    order by sh.name, sh.key`);
  const states: ShareState[] = [];
  for (const row of rows) {
    const live = row.stripes.reduce<Aggregates>(
      (sum, stripe) => mergeAggregates(sum, parseAggregates(stripe)),
      emptyAggregates(),
    );
    let released = row.released === null ? emptyAggregates() : parseAggregates(row.released);
    const next = advanceRelease(released, live, releaseStep(row.type, row.threshold));
    if (next) released = await storeRelease(tx, row.id, released.respondents, next);
    states.push({
      id: row.id,
      key: row.key,
      name: row.name,
      surveyId: row.survey_id,
      released,
      heldBack: Math.max(0, live.respondents - released.respondents),
    });
  }
  return states;
}

/** The first number of the two-key advisory lock that serialises an organisation's release writes. */
const RELEASE_LOCK = 17_005;

/**
 * Writes `next` over the release of `from` respondents; when another reader got there first, theirs.
 * Release writes of one organisation take its advisory lock first, for the rest of the transaction,
 * so a reader that must write waits for another writer's commit and then reads its release. Without
 * it two readers could deadlock on the share rows: one request's readers take shares survey by
 * survey (the dashboard: personnel, then management), another's in name order (the survey list),
 * and a fresh organisation's first page runs both at once. A transaction holding a share's row lock
 * always holds the advisory lock already, so no wait can close a cycle.
 */
async function storeRelease(tx: Tx, shareId: string, from: number, next: Aggregates): Promise<Aggregates> {
  await tx.execute(sql`
    select pg_advisory_xact_lock(${RELEASE_LOCK}, hashtext(tenant_id::text)) from survey_shares where id = ${shareId}`);
  const written = await tx.execute(sql`
    update survey_shares set released_aggregates = ${JSON.stringify(next)}::jsonb
    where id = ${shareId} and coalesce((released_aggregates->>'respondents')::int, 0) = ${from}
    returning id`);
  if (written.length > 0) return next;
  const [current] = await tx.execute<{ released: unknown }>(
    sql`select released_aggregates as released from survey_shares where id = ${shareId}`,
  );
  return current?.released ? parseAggregates(current.released) : emptyAggregates();
}

/**
 * How many more answers release the first numbers of a selection of shares that shows none yet:
 * releases happen per share, so the share closest to its step decides (3 + 3 held back of 5 need
 * 2 more, in one of them, not 1).
 */
export function answersToFirstRelease(shares: ReadonlyArray<{ heldBack: number }>, step: number): number {
  const closest = Math.min(step, ...shares.map((s) => step - s.heldBack));
  return Math.max(1, closest);
}

/** The shares' released aggregates added up, and what they hold back. */
export function mergeReleased(shares: readonly ShareState[]): { aggregates: Aggregates; heldBack: number } {
  return {
    aggregates: shares.reduce((sum, s) => mergeAggregates(sum, s.released), emptyAggregates()),
    heldBack: shares.reduce((sum, s) => sum + s.heldBack, 0),
  };
}
