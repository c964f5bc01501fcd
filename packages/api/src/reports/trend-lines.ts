import { type SurveyStatus, type SurveyType, surveyStatus } from "@kunto/core";
import type { Tx } from "@kunto/db";
import { computeReport, DEFAULT_CATEGORY_TREE, emptyAggregates, type SideReport } from "@kunto/engine";
import { sql } from "drizzle-orm";
import { loadTemplate } from "../responses/responses";
import { mergeReleased, type ShareState, shareStates } from "./release";

/**
 * Trend lines (issue 18.2): every started survey of one type, oldest first (by end, as the
 * "since previous" trend orders them), with the fitness index and each top-level category of its
 * survey calculation (survey-results.ts: the engine over the released aggregates of all its
 * shares, with the organisation's threshold). A point whose numbers the anonymity rule withholds,
 * or that has no released answers, carries null: a line never shows what the survey's own report
 * would not.
 */
export interface TrendPoint {
  key: string;
  name: string | null;
  start: string;
  end: string;
  status: SurveyStatus;
  /** Released respondents over every share. */
  respondents: number;
  result: "ok" | "not_enough_answers" | "no_data";
  /** 0..100, unrounded; null when withheld or without data. */
  fitnessIndex: number | null;
  /** By top-level category name (every name of `TrendLine.categories`); null when withheld or without data. */
  categories: Record<string, number | null>;
  /** The categories whose value the anonymity rule withholds (all of them when `result` says so). */
  withheld: string[];
}

export interface TrendLine {
  type: SurveyType;
  /** The organisation's threshold for personnel; null for management (none applies). */
  anonymityThreshold: number | null;
  /** The top-level categories the points carry, in tree order. */
  categories: string[];
  points: TrendPoint[];
}

/** The newest this many surveys make the line (far beyond use; bounds the cost). */
export const MAX_TREND_POINTS = 100;

/**
 * A point's numbers from its side of the survey calculation (null: no side, e.g. management without
 * released answers). `stored` counts every answer, released or held back: a survey whose answers
 * are all held back is withheld by the anonymity rule, not empty.
 */
export function pointValues(
  side: SideReport | null,
  stored: number,
): Pick<TrendPoint, "result" | "fitnessIndex" | "withheld"> & { categories: Map<string, number | null> } {
  const categories = new Map<string, number | null>();
  for (const c of side?.categories ?? []) categories.set(c.name, c.value);
  if (!side || stored === 0) {
    for (const name of categories.keys()) categories.set(name, null);
    return { result: "no_data", fitnessIndex: null, categories, withheld: [] };
  }
  if (side.status !== "ok")
    return {
      result: "not_enough_answers",
      fitnessIndex: null,
      categories: new Map([...categories.keys()].map((name) => [name, null])),
      withheld: [...categories.keys()],
    };
  return {
    result: "ok",
    fitnessIndex: side.fitnessIndex.overall.value,
    categories,
    withheld: side.categories.filter((c) => c.status === "not_enough_answers").map((c) => c.name),
  };
}

/** The names of every point's categories, in tree order (the tree's own order first, then any other). */
export function categoryOrder(points: ReadonlyArray<ReadonlyMap<string, unknown>>): string[] {
  const seen = new Set<string>();
  for (const point of points) for (const name of point.keys()) seen.add(name);
  const tree = DEFAULT_CATEGORY_TREE.map((node) => node.name).filter((name) => seen.has(name));
  return [...tree, ...[...seen].filter((name) => !tree.includes(name))];
}

type SurveyRow = {
  id: string;
  key: string;
  name: string | null;
  template_id: string;
  starts_at: Date;
  ends_at: Date;
};

export async function trendLine(
  tx: Tx,
  tenantId: string,
  type: SurveyType,
  now = new Date(),
): Promise<TrendLine> {
  const [surveys, [account]] = await Promise.all([
    tx.execute<SurveyRow>(sql`
      select id, key, name, template_id, starts_at, ends_at from surveys
      where tenant_id = ${tenantId} and type = ${type} and starts_at <= ${now.toISOString()}::timestamptz
      order by ends_at desc, starts_at desc, created_at desc
      limit ${MAX_TREND_POINTS}`),
    tx.execute<{ anonymity_threshold: number }>(
      sql`select anonymity_threshold from tenants where id = ${tenantId}`,
    ),
  ]);
  const threshold = account?.anonymity_threshold ?? 5;
  const rows = [...surveys].reverse();
  // One read of every share's release (advancing those with a step of new answers), not one per survey.
  const shares = await shareStates(
    tx,
    rows.map((s) => s.id),
  );
  const bySurvey = new Map<string, ShareState[]>();
  for (const share of shares) bySurvey.set(share.surveyId, [...(bySurvey.get(share.surveyId) ?? []), share]);
  const personnel = type === "PERSONNEL";
  const computed = await Promise.all(
    rows.map(async (row) => {
      const { aggregates, heldBack } = mergeReleased(bySurvey.get(row.id) ?? []);
      const template = await loadTemplate(tx, row.template_id);
      // The survey calculation's own call (survey-results.ts calculateSurvey).
      const report = computeReport({
        tree: DEFAULT_CATEGORY_TREE,
        questions: template.engineQuestions,
        personnel: personnel ? aggregates : emptyAggregates(),
        management: personnel ? null : aggregates,
        anonymityThreshold: threshold,
      });
      const side = personnel ? report.personnel : report.management;
      return {
        row,
        respondents: aggregates.respondents,
        values: pointValues(side, aggregates.respondents + heldBack),
      };
    }),
  );
  const categories = categoryOrder(computed.map((c) => c.values.categories));
  return {
    type,
    anonymityThreshold: personnel ? threshold : null,
    categories,
    points: computed.map(({ row, respondents, values }) => {
      const start = new Date(row.starts_at);
      const end = new Date(row.ends_at);
      return {
        key: row.key,
        name: row.name,
        start: start.toISOString(),
        end: end.toISOString(),
        status: surveyStatus(start, end, now),
        respondents,
        result: values.result,
        fitnessIndex: values.fitnessIndex,
        categories: Object.fromEntries(categories.map((name) => [name, values.categories.get(name) ?? null])),
        withheld: values.withheld,
      };
    }),
  };
}
