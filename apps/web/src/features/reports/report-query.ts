import type { Language } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** The report of a selection, by survey keys or share keys (document 2 §7), in the page's language. */
export function useReport(call: { by: "surveys" | "shares"; keys: string } | null) {
  const trpc = useTRPC();
  const { i18n } = useLingui();
  const lang = i18n.locale as Language;
  const input = { keys: call?.keys ?? "", lang };
  const bySurveys = useQuery({
    ...trpc.report.bySurveys.queryOptions(input),
    enabled: call?.by === "surveys",
  });
  const byShares = useQuery({ ...trpc.report.byShares.queryOptions(input), enabled: call?.by === "shares" });
  return call?.by === "shares" ? byShares : bySurveys;
}
