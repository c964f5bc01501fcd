import {
  compareKpi,
  DEFAULT_LANGUAGE,
  type FinancialCurrency,
  formatKpi,
  formattingLocale,
  type GradeColor,
  gradeColor,
  isLanguage,
  KPI_DEFINITIONS,
  type KpiKey,
} from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { Box, Card, Group, SimpleGrid, Text } from "@mantine/core";
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from "@tabler/icons-react";
import { KPI_LABELS } from "./kpi-labels";

export type Statement = { financialStatementToDate: string; currency: FinancialCurrency } & Record<
  KpiKey,
  number | null
>;

/** A grade colour's swatch: Mantine's shade 6 (the text beside it names the value, never the colour alone). */
const swatch = (color: GradeColor) => `var(--mantine-color-${color}-6)`;

/**
 * The 15 KPI cards (document 3 §2): the selected statement's value with its grade colour, and the
 * previous statement's value with an arrow and its own grade colour. Thresholds: docs/financials.md.
 */
export function KpiCards({ current, previous }: { current: Statement; previous: Statement | null }) {
  const { t, i18n } = useLingui();
  const locale = formattingLocale(isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
  const na = t`N/A`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {KPI_DEFINITIONS.map((definition) => {
        const value = current[definition.key];
        const color = gradeColor(definition, value);
        const comparison = compareKpi(definition, value, previous?.[definition.key]);
        const Arrow =
          comparison.direction === "up"
            ? IconArrowUpRight
            : comparison.direction === "down"
              ? IconArrowDownRight
              : IconArrowRight;
        const change =
          comparison.direction === "up"
            ? t`up`
            : comparison.direction === "down"
              ? t`down`
              : comparison.direction === "same"
                ? t`unchanged`
                : "";
        return (
          <Card
            key={definition.key}
            withBorder
            padding="md"
            component="section"
            aria-label={i18n._(KPI_LABELS[definition.key])}
            style={{ borderLeft: `6px solid ${swatch(color)}` }}
            data-grade={color}
          >
            <Text size="sm" c="dimmed">
              {i18n._(KPI_LABELS[definition.key])}
            </Text>
            <Text fw={700} size="xl">
              {formatKpi(value, definition.format, current.currency, locale, na)}
            </Text>
            {previous ? (
              <Group gap={6} mt={4} wrap="nowrap">
                <Box
                  aria-hidden
                  w={10}
                  h={10}
                  style={{ borderRadius: 5, background: swatch(comparison.previousColor), flex: "none" }}
                />
                <Text size="sm">
                  {t`Previous:`}{" "}
                  {formatKpi(comparison.previous, definition.format, previous.currency, locale, na)}
                </Text>
                {comparison.direction ? (
                  <Arrow
                    size={16}
                    role="img"
                    aria-label={change}
                    color={
                      comparison.improved === null
                        ? "var(--mantine-color-gray-6)"
                        : comparison.improved
                          ? "var(--mantine-color-green-7)"
                          : "var(--mantine-color-red-7)"
                    }
                  />
                ) : null}
              </Group>
            ) : null}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
