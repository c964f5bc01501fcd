import { useLingui } from "@lingui/react/macro";
import { Group, Stack, Text } from "@mantine/core";
import { FindingSuggestionsButton } from "../tasks/finding-suggestions";
import { type ReportSide, signed } from "./report-model";
import { BandBadge } from "./report-parts";

/**
 * The questions of one category or subcategory: each side's value and band, the question's
 * strength / weakness / opportunity wording for that band, the standard deviation of management
 * answers, and the change since the previous survey.
 */
export function QuestionList({
  tenantId,
  category,
  sides,
}: {
  tenantId: string;
  category: string;
  sides: Array<{ label: string; side: ReportSide }>;
}) {
  const { t } = useLingui();
  const keys: string[] = [];
  for (const { side } of sides)
    for (const q of side.result.questions)
      if (q.category === category && !keys.includes(q.key)) keys.push(q.key);
  if (keys.length === 0) return null;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {keys.map((key) => {
        const title = sides.map(({ side }) => side.questions.find((q) => q.key === key)?.title).find(Boolean);
        return (
          <Stack
            key={key}
            gap={4}
            component="li"
            py={6}
            style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
          >
            <Text size="sm" fw={600}>
              {title ?? key}
            </Text>
            {sides.map(({ label, side }) => {
              const result = side.result.questions.find((q) => q.key === key);
              if (!result) return null;
              const text = side.questions.find((q) => q.key === key);
              const withheld = result.status === "not_enough_answers";
              const wording = result.status === "ok" && result.band !== "grey" ? text?.[result.band] : null;
              const change = signed(side.trend?.questions[key]);
              return (
                <Stack key={label} gap={2} pl="sm">
                  <Group gap="xs">
                    <Text size="sm" c="dark.5" w={110}>
                      {label}
                    </Text>
                    {withheld ? (
                      <Text size="sm">{t`Not enough answers to protect anonymity`}</Text>
                    ) : (
                      <>
                        <Text size="sm" fw={600}>
                          {result.value === null ? t`No data` : `${Math.round(result.value)} %`}
                        </Text>
                        <BandBadge band={result.band} />
                        {side.survey.type === "MANAGEMENT" && result.sd !== null ? (
                          <Text size="xs" c="dark.5">
                            {t`Standard deviation ${Math.round(result.sd)}`}
                          </Text>
                        ) : null}
                        {change ? (
                          <Text size="xs" c="dark.5">
                            {t`${change} since previous`}
                          </Text>
                        ) : null}
                        {result.status === "ok" && result.band !== "grey" ? (
                          <FindingSuggestionsButton
                            tenantId={tenantId}
                            source={{ surveyKeys: [side.survey.key], question: key }}
                            label={t`Suggested tasks`}
                            title={t`Suggested tasks: ${title ?? key}`}
                          />
                        ) : null}
                      </>
                    )}
                  </Group>
                  {wording ? (
                    <Text size="sm" pl={{ base: 0, sm: 118 }}>
                      {wording}
                    </Text>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
