import { useLingui } from "@lingui/react/macro";
import { Alert, Loader, Stack, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { BandLegend } from "../../components/band-legend";
import { PageTitle } from "../../components/page-title";
import { ReleaseNote } from "../../components/release-note";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { BackButton } from "./back-button";
import { CategoryCards } from "./category-cards";
import { CultureCard } from "./culture-card";
import { ExportButtons } from "./export-buttons";
import { FitnessCard } from "./fitness-card";
import { HeatmapSection } from "./heatmap-section";
import { InputMapCard } from "./input-map-card";
import { type ReportSearch, reportCall, selectionOf } from "./report-model";
import { AnonymityNotice } from "./report-parts";
import { useReport } from "./report-query";
import { ReportSelectors } from "./report-selectors";
import { ReportsEmptyState } from "./reports-empty-state";

/** Scroll and animation time of document 2 §9. */
export const SCROLL_DELAY_MS = 500;

/**
 * Reports overview (document 2 §2 tenant_reports): the selection, the fitness index, category
 * cards, culture, the input map, the heatmap and the exports. With `inputMap` in the route the
 * page scrolls to the input map once the report has loaded.
 */
export function ReportsOverviewPage({
  tenantId,
  search,
  scrollToInputMap,
  onSearch,
}: {
  tenantId: string;
  search: ReportSearch;
  scrollToInputMap: boolean;
  onSearch: (patch: Partial<ReportSearch>) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: options } = useSuspenseQuery(trpc.report.options.queryOptions());
  const canWrite = useCurrentTenant(tenantId)?.permissions.has("survey.write") ?? false;
  const selection = selectionOf(options, search);
  const call = reportCall(selection);
  const report = useReport(call);
  const inputMapRef = useRef<HTMLElement>(null);
  const loaded = report.data !== undefined;
  useEffect(() => {
    if (!scrollToInputMap || !loaded) return;
    const timer = setTimeout(
      () => inputMapRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }),
      SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [scrollToInputMap, loaded]);

  const fullSearch: ReportSearch = {
    personnel: selection.personnel?.key,
    management: selection.management?.key,
    pshares: selection.personnelShares.join(",") || undefined,
    mshares: selection.managementShares.join(",") || undefined,
  };
  const noAnswers = options.personnel.length === 0 && options.management.length === 0;
  return (
    <Stack gap="lg">
      <BackButton fallback={`/t/${tenantId}/dashboard`} />
      <PageTitle
        title={t`Reports`}
        actions={call && report.data ? <ExportButtons tenantId={tenantId} call={call} /> : null}
      />
      {noAnswers ? (
        <ReportsEmptyState tenantId={tenantId} canWrite={canWrite} hasSurveys={options.hasSurveys} />
      ) : (
        <>
          <ReportSelectors options={options} selection={selection} onChange={onSearch} />
          {report.isError ? (
            <Alert color="red" variant="light" title={t`Error loading reports`}>
              {errorMessage(report.error)}
            </Alert>
          ) : !report.data ? (
            <Stack align="center" py="xl">
              <Loader aria-label={t`Loading the report`} />
            </Stack>
          ) : (
            <>
              {report.data.personnel ? <AnonymityNotice side={report.data.personnel} /> : null}
              <ReleaseNote
                heldBack={report.data.personnel?.heldBack ?? 0}
                threshold={report.data.anonymityThreshold}
                running={[report.data.personnel, report.data.management].some(
                  (s) => s?.survey.status === 100,
                )}
              />
              <BandLegend />
              {report.data.management === null && selection.management === null ? (
                <Text size="sm" c="dark.4">
                  {t`No management answers yet: the management view and economy and customers appear once leadership has answered.`}
                </Text>
              ) : null}
              <FitnessCard report={report.data} />
              <CategoryCards report={report.data} tenantId={tenantId} search={fullSearch} />
              <CultureCard report={report.data} tenantId={tenantId} search={fullSearch} />
              <InputMapCard report={report.data} ref={inputMapRef} />
              <HeatmapSection report={report.data} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
