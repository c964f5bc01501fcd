import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import { BAND_CHART_COLORS } from "../../lib/bands";
import { FindingSuggestionsButton } from "../tasks/finding-suggestions";
import { CategoryTasksButton } from "./category-tasks-button";
import {
  itemOf,
  OVERVIEW_CATEGORIES,
  type Report,
  type ReportSearch,
  type ReportSide,
  surveyKeysOf,
  titleOf,
} from "./report-model";
import { BandBadge, ScoreText, TrendText } from "./report-parts";

/** Category cards of the overview: each side's value and band, the trend, the report and tasks. */
export function CategoryCards({
  report,
  tenantId,
  search,
}: {
  report: Report;
  tenantId: string;
  search: ReportSearch;
}) {
  const { t } = useLingui();
  const surveyKeys = surveyKeysOf(report);
  const names = OVERVIEW_CATEGORIES.filter(
    (name) => itemOf(report.personnel, name) !== null || itemOf(report.management, name) !== null,
  );
  return (
    <section aria-labelledby="categories-title">
      <Title order={2} size="h4" id="categories-title" mb="sm">
        <Trans>Categories</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {names.map((name) => {
          const main = itemOf(report.personnel, name) ?? itemOf(report.management, name);
          return (
            <Card
              key={name}
              withBorder
              padding="md"
              style={{
                borderLeft: `6px solid var(--mantine-color-${BAND_CHART_COLORS[main?.band ?? "grey"].replace(".", "-")})`,
              }}
            >
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {titleOf(report, name)}
                </Title>
                <SideValue label={t`Personnel`} side={report.personnel} name={name} />
                <SideValue label={t`Management`} side={report.management} name={name} />
                <Group gap="xs" mt="auto">
                  <AnchorLink
                    to="/t/$tenantId/reports/rg/$category/{-$subcategory}"
                    params={{ tenantId, category: name, subcategory: undefined }}
                    search={search}
                    size="sm"
                  >
                    <Trans>Open the report</Trans>
                    <VisuallyHidden> {titleOf(report, name)}</VisuallyHidden>
                  </AnchorLink>
                  <CategoryTasksButton tenantId={tenantId} category={name} />
                  {surveyKeys.length > 0 ? (
                    <FindingSuggestionsButton
                      tenantId={tenantId}
                      source={{ surveyKeys, category: name }}
                      label={t`Suggested tasks`}
                      title={t`Suggested tasks: ${titleOf(report, name)}`}
                    />
                  ) : null}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

function SideValue({ label, side, name }: { label: string; side: ReportSide | null; name: string }) {
  const item = itemOf(side, name);
  if (!side || !item) return null;
  const withheld = item.status === "not_enough_answers";
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dark.5" tt="uppercase">
        {label}
      </Text>
      <Group gap="xs" align="center">
        <ScoreText value={item.value} withheld={withheld} size="lg" />
        {withheld ? null : <BandBadge band={item.band} />}
      </Group>
      <TrendText value={side.trend?.categories[name]} size="xs" />
    </Stack>
  );
}
