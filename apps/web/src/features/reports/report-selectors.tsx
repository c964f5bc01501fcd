import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Chip, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useId } from "react";
import { formatNumber } from "../../lib/format";
import { formatSurveyDay, surveyTitle } from "../surveys/survey-labels";
import type { ReportOptions, ReportSearch, Selection, SurveyOption } from "./report-model";

/**
 * The report's selection (document 2 §2, §4): a survey of each type and its teams
 * (shares). Changing a survey clears its chosen shares. FREE accounts choose exactly one share:
 * the others carry a plan chip and choosing one shows the plan notice instead.
 */
export function ReportSelectors({
  options,
  selection,
  onChange,
}: {
  options: ReportOptions;
  selection: Selection;
  onChange: (patch: Partial<ReportSearch>) => void;
}) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="md" component="section" aria-label={t`Report selection`}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SideSelector
          label={t`Personnel survey`}
          sharesLabel={t`Personnel teams`}
          surveys={options.personnel}
          survey={selection.personnel}
          shares={selection.personnelShares}
          max={options.maxSelectedShares}
          onSurvey={(key) => onChange({ personnel: key, pshares: undefined })}
          onShares={(keys) => onChange({ pshares: keys.join(",") || undefined })}
        />
        <SideSelector
          label={t`Management survey`}
          sharesLabel={t`Management teams`}
          surveys={options.management}
          survey={selection.management}
          shares={selection.managementShares}
          max={options.maxSelectedShares}
          onSurvey={(key) => onChange({ management: key, mshares: undefined })}
          onShares={(keys) => onChange({ mshares: keys.join(",") || undefined })}
        />
      </SimpleGrid>
    </Card>
  );
}

function SideSelector({
  label,
  sharesLabel,
  surveys,
  survey,
  shares,
  max,
  onSurvey,
  onShares,
}: {
  label: string;
  sharesLabel: string;
  surveys: SurveyOption[];
  survey: SurveyOption | null;
  shares: string[];
  max: number | null;
  onSurvey: (key: string) => void;
  onShares: (keys: string[]) => void;
}) {
  const { t } = useLingui();
  const hintId = useId();
  if (surveys.length === 0)
    return (
      <Stack gap={4}>
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Text size="sm" c="dark.4">
          <Trans>No survey of this type has answers yet.</Trans>
        </Text>
      </Stack>
    );
  const limited = max !== null;
  const choose = (key: string) => {
    if (shares.includes(key)) {
      // A FREE account keeps exactly one share chosen.
      if (!limited) onShares(shares.filter((k) => k !== key));
      return;
    }
    if (limited && shares.length >= max) {
      notifications.show({
        color: "blue",
        title: t`More teams on a paid plan`,
        message: t`Your plan includes one team per report. Upgrade to PRO to combine teams.`,
      });
      return;
    }
    onShares([...shares, key]);
  };
  return (
    <Stack gap="xs">
      <Select
        label={label}
        data={surveys.map((s) => ({
          value: s.key,
          label: `${surveyTitle(s)} · ${formatSurveyDay(s.start)} – ${formatSurveyDay(s.end)}`,
        }))}
        value={survey?.key ?? null}
        onChange={(key) => key && onSurvey(key)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {survey ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} mb={4} p={0}>
            {sharesLabel}
          </Text>
          <Group gap={6}>
            {survey.shares.map((share) => {
              const checked = shares.includes(share.key);
              const planLocked = limited && !checked && shares.length >= max;
              return (
                <Group key={share.key} gap={2} wrap="nowrap">
                  <Chip
                    size="sm"
                    checked={checked}
                    onChange={() => choose(share.key)}
                    variant={planLocked ? "outline" : "light"}
                    aria-describedby={planLocked ? hintId : undefined}
                  >
                    {share.name} ({formatNumber(share.answers)})
                  </Chip>
                  {planLocked ? (
                    <Badge size="xs" variant="outline" color="blue.9">
                      PRO
                    </Badge>
                  ) : null}
                </Group>
              );
            })}
          </Group>
          {limited ? (
            <Text id={hintId} size="xs" c="dark.4" mt={4}>
              <Trans>Your plan includes one team per report.</Trans>
            </Text>
          ) : shares.length === 0 ? (
            <Text size="xs" c="dark.4" mt={4}>
              <Trans>No team chosen: the whole survey.</Trans>
            </Text>
          ) : null}
        </fieldset>
      ) : null}
    </Stack>
  );
}
