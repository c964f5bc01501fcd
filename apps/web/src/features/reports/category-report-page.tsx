import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { BandLegend } from "../../components/band-legend";
import { AnchorLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { ReleaseNote } from "../../components/release-note";
import { errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { FindingSuggestions } from "../tasks/finding-suggestions";
import { BackButton } from "./back-button";
import { CategoryTasksButton } from "./category-tasks-button";
import { CultureCard } from "./culture-card";
import { QuestionList } from "./question-list";
import {
  itemOf,
  type Report,
  type ReportSearch,
  type ReportSide,
  reportCall,
  selectionOf,
  surveyKeysOf,
  titleOf,
} from "./report-model";
import { AnonymityNotice, BandBadge, ScoreText, TrendText } from "./report-parts";
import { useReport } from "./report-query";
import { SCROLL_DELAY_MS } from "./reports-overview-page";
import { categorySeries, type TrendLine, TrendLineChart, useTrendLine } from "./trend-line-chart";

/**
 * Category report (document 2 §2 tenant_report_category): the category and its subcategory cards,
 * each with the per-question values and wording, the management standard deviation and the trend.
 * With a subcategory in the route, its card is scrolled to after 500 ms.
 */
export function CategoryReportPage({
  tenantId,
  category,
  subcategory,
  search,
}: {
  tenantId: string;
  category: string;
  subcategory: string | undefined;
  search: ReportSearch;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: options } = useSuspenseQuery(trpc.report.options.queryOptions());
  const selection = selectionOf(options, search);
  const report = useReport(reportCall(selection));
  const loaded = report.data !== undefined;
  useEffect(() => {
    if (!subcategory || !loaded) return;
    const timer = setTimeout(
      () =>
        document.getElementById(`sub-${subcategory}`)?.scrollIntoView({ behavior: "smooth", block: "start" }),
      SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [subcategory, loaded]);

  const data = report.data;
  const title = data ? titleOf(data, category) : t`Category report`;
  return (
    <Stack gap="lg">
      <BackButton fallback={`/t/${tenantId}/reports`} />
      <PageTitle
        title={title}
        description={data?.categories.find((c) => c.name === category)?.description}
        actions={<CategoryTasksButton tenantId={tenantId} category={category} />}
      />
      {report.isError ? (
        <Alert color="red" variant="light" title={t`Error loading reports`}>
          {errorMessage(report.error)}
        </Alert>
      ) : !data ? (
        options.personnel.length === 0 && options.management.length === 0 ? (
          <Text>
            <Trans>No survey has answers yet.</Trans>
          </Text>
        ) : (
          <Stack align="center" py="xl">
            <Loader aria-label={t`Loading the report`} />
          </Stack>
        )
      ) : (
        <CategoryBody report={data} tenantId={tenantId} category={category} search={search} />
      )}
    </Stack>
  );
}

function CategoryBody({
  report,
  tenantId,
  category,
  search,
}: {
  report: Report;
  tenantId: string;
  category: string;
  search: ReportSearch;
}) {
  const { t } = useLingui();
  const sides = [
    { label: t`Personnel`, side: report.personnel },
    { label: t`Management`, side: report.management },
  ].filter(
    (s): s is { label: string; side: ReportSide } => s.side !== null && itemOf(s.side, category) !== null,
  );
  if (sides.length === 0)
    return (
      <Text>
        <Trans>This category has no results in the selected surveys.</Trans>{" "}
        <AnchorLink to="/t/$tenantId/reports" params={{ tenantId }} search={search}>
          <Trans>Back to reports</Trans>
        </AnchorLink>
      </Text>
    );
  const node =
    report.personnel?.result.categories.find((c) => c.name === category) ??
    report.management?.result.categories.find((c) => c.name === category);
  const subcategories = node?.subcategories.map((s) => s.name) ?? [];
  return (
    <>
      {report.personnel ? <AnonymityNotice side={report.personnel} /> : null}
      {report.personnel ? (
        <ReleaseNote
          heldBack={report.personnel.heldBack}
          threshold={report.anonymityThreshold}
          running={report.personnel.survey.status === 100}
        />
      ) : null}
      <ItemCard
        tenantId={tenantId}
        report={report}
        name={category}
        sides={sides}
        heading={category === "culture" ? t`Productive culture: share of answers` : t`Overall`}
        level={2}
      />
      <BandLegend />
      {/* Issue 18.3: the culture value is the productive share; the four types are shown beside it. */}
      {category === "culture" ? (
        <CultureCard report={report} tenantId={tenantId} search={search} withLink={false} />
      ) : null}
      <CategoryTrends report={report} category={category} />
      <Card withBorder padding="md" component="section" aria-labelledby="category-suggestions-title">
        <Title order={2} size="h4" id="category-suggestions-title" mb="xs">
          <Trans>Suggested tasks for these results</Trans>
        </Title>
        <FindingSuggestions tenantId={tenantId} source={{ surveyKeys: surveyKeysOf(report), category }} />
      </Card>
      {subcategories.length > 0 ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {subcategories.map((name) => (
            <ItemCard
              key={name}
              tenantId={tenantId}
              report={report}
              name={name}
              sides={sides}
              heading={titleOf(report, name)}
              level={2}
              id={`sub-${name}`}
            />
          ))}
        </SimpleGrid>
      ) : null}
    </>
  );
}

function ItemCard({
  tenantId,
  report,
  name,
  sides,
  heading,
  level,
  id,
}: {
  tenantId: string;
  report: Report;
  name: string;
  sides: Array<{ label: string; side: ReportSide }>;
  heading: string;
  level: 2 | 3;
  id?: string;
}) {
  const { t } = useLingui();
  const description = id ? report.categories.find((c) => c.name === name)?.description : null;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      id={id}
      aria-label={heading}
      style={{ scrollMarginTop: 80 }}
    >
      <Title order={level} size="h4" mb={4}>
        {heading}
      </Title>
      {description ? (
        <Text size="sm" c="dark.4" mb="sm">
          {description}
        </Text>
      ) : null}
      <Group gap="xl" mb="sm" align="flex-start">
        {sides.map(({ label, side }) => {
          const item = itemOf(side, name);
          if (!item) return null;
          const withheld = item.status === "not_enough_answers";
          return (
            <Stack key={label} gap={2}>
              <Text size="xs" fw={600} c="dark.5" tt="uppercase">
                {label}
              </Text>
              <Group gap="xs">
                <ScoreText value={item.value} withheld={withheld} size="lg" />
                {withheld ? null : <BandBadge band={item.band} />}
              </Group>
              {side.survey.type === "MANAGEMENT" && item.sd !== null ? (
                <Text size="xs" c="dark.5">
                  {t`Standard deviation ${Math.round(item.sd)}`}
                </Text>
              ) : null}
              <TrendText value={side.trend?.categories[name]} size="xs" />
            </Stack>
          );
        })}
      </Group>
      <QuestionList tenantId={tenantId} category={name} sides={sides} />
    </Card>
  );
}

/** Issue 18.2: where a type has three or more surveys, this category over all of them. */
function CategoryTrends({ report, category }: { report: Report; category: string }) {
  const { t } = useLingui();
  const personnel = useTrendLine("PERSONNEL", report.personnel !== null);
  const management = useTrendLine("MANAGEMENT", report.management !== null);
  const lines = [
    { line: personnel, title: t`Personnel surveys over time`, color: "blue.8" },
    { line: management, title: t`Management surveys over time`, color: "grape.8" },
  ].filter(
    (l): l is { line: TrendLine; title: string; color: string } =>
      l.line?.categories.includes(category) === true,
  );
  if (lines.length === 0) return null;
  const name = titleOf(report, category);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="category-trend-title">
      <Title order={2} size="h4" id="category-trend-title" mb="sm">
        <Trans>Trend over all surveys</Trans>
      </Title>
      <Stack gap="lg">
        {lines.map((l) => (
          <TrendLineChart
            key={l.line.type}
            title={l.title}
            points={l.line.points}
            series={[categorySeries(category, name, l.color)]}
          />
        ))}
      </Stack>
    </Card>
  );
}
