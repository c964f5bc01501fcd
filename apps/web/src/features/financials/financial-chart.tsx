import { DEFAULT_LANGUAGE, formatKpi, formattingLocale, isLanguage, type KpiKey } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Card, Group, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { AnchorLink } from "../../components/links";
import { useTRPC } from "../../lib/trpc";

/** The series of document 2's financial development chart, with their line colours and dash patterns. */
// Their names as the KPI cards' (kpi-labels.ts), written here so the dashboard's first load carries
// three names, not fifteen.
const SERIES: { key: KpiKey; label: MessageDescriptor; color: string; dash: string }[] = [
  { key: "salesRevenue", label: msg`Sales revenue`, color: "var(--mantine-color-blue-7)", dash: "" },
  { key: "salesMargin", label: msg`Sales margin`, color: "var(--mantine-color-teal-7)", dash: "6 3" },
  { key: "ebitda", label: msg`EBITDA`, color: "var(--mantine-color-orange-8)", dash: "2 3" },
];
const W = 600;
const H = 220;
const PAD = { left: 12, right: 12, top: 12, bottom: 28 };

/**
 * The dashboard's financial development chart (document 2 §2, paid plans only): sales revenue,
 * sales margin and EBITDA per statement, one line each (told apart by colour and dash, named in the
 * legend), with the same figures as a table. Nothing is shown while there are no statements.
 */
export function FinancialDevelopmentChart({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const data = useQuery(trpc.financial.get.queryOptions()).data;
  const statements = data?.statements ?? [];
  if (statements.length === 0) return null;
  const locale = formattingLocale(isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
  const values = statements.flatMap((s) => SERIES.map((x) => s[x.key] ?? 0));
  const max = Math.max(...values, 0);
  const min = Math.min(...values, 0);
  const span = max - min || 1;
  const x = (i: number) =>
    PAD.left + (statements.length === 1 ? 0.5 : i / (statements.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((max - v) / span) * (H - PAD.top - PAD.bottom);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="financial-chart-title">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4" id="financial-chart-title">
          <Trans>Financial development</Trans>
        </Title>
        <AnchorLink to="/t/$tenantId/financials" params={{ tenantId }} size="sm">
          <Trans>All key figures</Trans>
        </AnchorLink>
      </Group>
      <Group gap="md" mb="xs">
        {SERIES.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" y1="4" x2="24" y2="4" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash} />
            </svg>
            <Text size="sm">{i18n._(s.label)}</Text>
          </Group>
        ))}
      </Group>
      <Box component="figure" m={0}>
        <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t`Financial development chart`}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-5)" />
          {SERIES.map((s) => (
            <polyline
              key={s.key}
              fill="none"
              stroke={s.color}
              strokeWidth="3"
              strokeDasharray={s.dash}
              points={statements.map((st, i) => `${x(i)},${y(st[s.key] ?? 0)}`).join(" ")}
            />
          ))}
          {statements.map((st, i) => (
            <text
              key={st.financialStatementToDate}
              x={x(i)}
              y={H - 8}
              textAnchor="middle"
              fontSize="13"
              fill="var(--mantine-color-text)"
            >
              {st.financialStatementToDate.slice(0, 4)}
            </text>
          ))}
        </svg>
      </Box>
      <details>
        <summary>
          <Text span size="sm">
            <Trans>Show as a table</Trans>
          </Text>
        </summary>
        {/* A plain table (styles.css): each row stacks on a phone, its cells named. */}
        <table className="plain-table stack-when-narrow" aria-label={t`Financial development`}>
          <thead>
            <tr>
              <th scope="col">{t`Financial statement`}</th>
              {SERIES.map((s) => (
                <th scope="col" className="numeric" key={s.key}>
                  {i18n._(s.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {statements.map((st) => (
              <tr key={st.financialStatementToDate}>
                <th scope="row">{st.financialStatementToDate}</th>
                {SERIES.map((s) => (
                  <td className="numeric" key={s.key} data-label={i18n._(s.label)}>
                    {formatKpi(st[s.key], "currency", st.currency, locale, t`N/A`)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  );
}
