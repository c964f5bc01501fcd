import type { AppRouter } from "@kunto/api";
import { defaultShareOf } from "@kunto/core";
import type { inferRouterOutputs } from "@trpc/server";
import { text } from "../../lib/search-params";

type Outputs = inferRouterOutputs<AppRouter>["report"];
export type Report = Outputs["bySurveys"];
export type ReportSide = NonNullable<Report["personnel"]>;
export type ReportOptions = Outputs["options"];
export type SurveyOption = ReportOptions["personnel"][number];

/**
 * The selection in the URL (so the category report, a reload and a shared link show the same
 * thing): the survey of each type and the chosen shares of each (empty: none chosen).
 */
export interface ReportSearch {
  personnel?: string;
  management?: string;
  pshares?: string;
  mshares?: string;
}

/** The route's reader of that selection (a value it cannot read is left out). */
export const readReportSearch = (search: Record<string, unknown>): ReportSearch => ({
  personnel: text(search.personnel, 100),
  management: text(search.management, 100),
  pshares: text(search.pshares, 2000),
  mshares: text(search.mshares, 2000),
});

export interface Selection {
  personnel: SurveyOption | null;
  management: SurveyOption | null;
  personnelShares: string[];
  managementShares: string[];
}

export const splitKeys = (value: string | undefined): string[] =>
  value ? value.split(",").filter(Boolean) : [];

/**
 * The selection the URL names, completed with the defaults (document 2 §4): the newest offered
 * survey of each type; a FREE account (one share per report) starts with the first share, by name,
 * that has answers (issue 19.16: not an unanswered one that sorts first). A key that is no longer
 * offered falls back to the default.
 */
export function selectionOf(options: ReportOptions, search: ReportSearch): Selection {
  const pick = (list: SurveyOption[], key: string | undefined, fallback: string | null) =>
    list.find((s) => s.key === key) ?? list.find((s) => s.key === fallback) ?? null;
  const personnel = pick(options.personnel, search.personnel, options.defaults.personnel);
  const management = pick(options.management, search.management, options.defaults.management);
  const shares = (survey: SurveyOption | null, keys: string[]) => {
    if (!survey) return [];
    const known = keys.filter((k) => survey.shares.some((s) => s.key === k));
    const limited = options.maxSelectedShares === null ? known : known.slice(0, options.maxSelectedShares);
    const first = defaultShareOf(survey.shares);
    if (limited.length === 0 && options.maxSelectedShares !== null && first) return [first.key];
    return limited;
  };
  return {
    personnel,
    management,
    personnelShares: shares(personnel, splitKeys(search.pshares)),
    managementShares: shares(management, splitKeys(search.mshares)),
  };
}

/**
 * Which call a selection makes (document 2 §7 "Reports call selection"): with no share chosen on
 * a paid plan, by survey keys; otherwise by share keys, a side without a chosen share standing for
 * all of its shares. null when nothing is selected.
 */
export function reportCall(selection: Selection): { by: "surveys" | "shares"; keys: string } | null {
  const sides = [
    { survey: selection.personnel, shares: selection.personnelShares },
    { survey: selection.management, shares: selection.managementShares },
  ].filter((side): side is { survey: SurveyOption; shares: string[] } => side.survey !== null);
  if (sides.length === 0) return null;
  if (sides.every((side) => side.shares.length === 0))
    return { by: "surveys", keys: sides.map((side) => side.survey.key).join(",") };
  const keys = sides.flatMap((side) =>
    side.shares.length > 0 ? side.shares : side.survey.shares.map((share) => share.key),
  );
  return { by: "shares", keys: keys.join(",") };
}

/** Whole percent (document 2 §9: scores rounded to whole percent). */
export const percent = (value: number | null | undefined): string =>
  value === null || value === undefined ? "–" : `${Math.round(value)} %`;

/** A change in points with its sign, rounded to whole points. */
export const signed = (value: number | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${Math.abs(rounded)}` : "±0";
};

export const FITNESS_AREAS = ["efficiency", "capability", "leadership"] as const;
/** The reports overview's category cards, in order (economy_customers only with management answers). */
export const OVERVIEW_CATEGORIES = ["efficiency", "capability", "leadership", "economy_customers"] as const;
export const CATEGORY_ROUTES = [
  "efficiency",
  "capability",
  "leadership",
  "economy_customers",
  "culture",
] as const;

export function titleOf(report: Report, name: string): string {
  return report.categories.find((c) => c.name === name)?.title ?? name;
}

/** The item of a side's result named `name` (a category or a subcategory). */
export function itemOf(side: ReportSide | null, name: string) {
  for (const c of side?.result.categories ?? []) {
    if (c.name === name) return c;
    for (const s of c.subcategories) if (s.name === name) return s;
  }
  return null;
}

/** The surveys a report shows (personnel first): whose findings its suggested tasks answer. */
export const surveyKeysOf = (report: Report): string[] =>
  [report.personnel?.survey.key, report.management?.survey.key].filter((k): k is string => !!k);
