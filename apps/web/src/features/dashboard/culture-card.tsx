import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { Donut } from "../../components/donut";
import { ButtonLink } from "../../components/links";
import { useBrandAccent } from "./branding";
import type { DashboardSide } from "./types";
import { WithheldNote } from "./withheld-note";

type CultureType = "individual" | "productive" | "fragmented" | "authoritative";
const TYPES: CultureType[] = ["productive", "individual", "authoritative", "fragmented"];
const COLORS: Record<CultureType, string> = {
  productive: "var(--mantine-color-teal-8)",
  individual: "var(--mantine-color-indigo-7)",
  authoritative: "var(--mantine-color-orange-8)",
  fragmented: "var(--mantine-color-gray-7)",
};

/**
 * The culture card (document 2 §1, §2): the four culture types of the latest personnel survey as
 * whole percentages summing to 100, drawn as a donut and listed in words.
 */
export function CultureCard({ tenantId, side }: { tenantId: string; side: DashboardSide }) {
  const { t } = useLingui();
  const accent = useBrandAccent();
  const labels: Record<CultureType, string> = {
    individual: t`Individual`,
    productive: t`Productive`,
    fragmented: t`Fragmented`,
    authoritative: t`Authoritative`,
  };
  const percentages = side.culture.percentages;
  return (
    <Card withBorder padding="lg" h="100%" style={accent}>
      <Stack gap="md" h="100%">
        <Title order={2} size="h3">
          <Trans>Culture</Trans>
        </Title>
        {side.status === "not_enough_answers" ? (
          <WithheldNote missing={side.missingAnswers} />
        ) : percentages ? (
          <>
            <Text size="sm">
              <Trans>
                Productive culture: {percentages.productive} % of the answers point to a productive culture.
                The four culture types add up to 100 %.
              </Trans>
            </Text>
            <Group align="center" gap="lg" wrap="wrap">
              <Donut
                size={140}
                thickness={26}
                sections={TYPES.map((type) => ({ value: percentages[type], color: COLORS[type] }))}
              />
              <List spacing={4} size="sm" listStyleType="none" aria-label={t`Culture types`}>
                {TYPES.map((type) => (
                  <List.Item key={type}>
                    <span
                      aria-hidden="true"
                      style={{
                        display: "inline-block",
                        width: 12,
                        height: 12,
                        borderRadius: 2,
                        background: COLORS[type],
                        marginInlineEnd: 6,
                        verticalAlign: "middle",
                      }}
                    />
                    <Text span fw={600}>
                      {percentages[type]} %
                    </Text>{" "}
                    {labels[type]}
                  </List.Item>
                ))}
              </List>
            </Group>
          </>
        ) : (
          <Text c="dimmed" size="sm">
            <Trans>The survey has no answers to the culture questions.</Trans>
          </Text>
        )}
        <Group mt="auto">
          <ButtonLink
            to="/t/$tenantId/reports/rg/$category/{-$subcategory}"
            params={{ tenantId, category: "culture" }}
            variant="light"
            size="sm"
          >
            <Trans>Open the culture report</Trans>
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}
