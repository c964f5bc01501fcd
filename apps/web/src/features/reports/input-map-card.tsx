import { Trans, useLingui } from "@lingui/react/macro";
import { RadarChart } from "@mantine/charts";
import { Box, Card, Table, Text, Title } from "@mantine/core";
import { forwardRef } from "react";
import { percent, type Report, titleOf } from "./report-model";

/**
 * The input map (document 2 §1, §9): personnel and management views on seven axes side by side,
 * the gap between them, and a weakness note where the gap is above 40 points.
 */
export const InputMapCard = forwardRef<HTMLElement, { report: Report }>(function InputMapCard(
  { report },
  ref,
) {
  const { t } = useLingui();
  const withheld = report.personnel?.result.status === "not_enough_answers";
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="input-map-title"
      ref={ref}
      id="input-map"
    >
      <Title order={2} size="h4" id="input-map-title" mb="sm">
        <Trans>Input map</Trans>
      </Title>
      <Box role="img" aria-label={t`Input map chart; the numbers are in the table below.`}>
        <RadarChart
          h={300}
          data={report.inputMap.map((axis) => ({
            axis: titleOf(report, axis.axis),
            personnel: axis.personnel ?? 0,
            management: axis.management ?? 0,
          }))}
          dataKey="axis"
          series={[
            { name: "personnel", label: t`Personnel`, color: "blue.8", opacity: 0.15, strokeColor: "blue.8" },
            {
              name: "management",
              label: t`Management`,
              color: "grape.8",
              opacity: 0.1,
              strokeColor: "grape.8",
            },
          ]}
          withLegend
          polarRadiusAxisProps={{ domain: [0, 100], tick: false, axisLine: false }}
        />
      </Box>
      {/* In a narrow card each row stacks, its cells named (styles.css, issue 19.9). */}
      <Table mt="sm" striped withTableBorder fz="sm" className="stack-when-narrow">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Axis`}</Table.Th>
            <Table.Th scope="col">{t`Personnel`}</Table.Th>
            <Table.Th scope="col">{t`Management`}</Table.Th>
            <Table.Th scope="col">{t`Gap`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.inputMap.map((axis) => (
            <Table.Tr key={axis.axis}>
              <Table.Th scope="row">{titleOf(report, axis.axis)}</Table.Th>
              <Table.Td data-label={t`Personnel`}>
                {axis.personnel === null && withheld ? t`Withheld` : percent(axis.personnel)}
              </Table.Td>
              <Table.Td data-label={t`Management`}>{percent(axis.management)}</Table.Td>
              <Table.Td data-label={t`Gap`}>
                <Text size="sm" span mr={6}>
                  {axis.gap === null ? "–" : `${Math.round(axis.gap)}`}
                </Text>
                {axis.gap !== null && axis.personnel !== null && axis.management !== null ? (
                  <Text size="xs" c="dark.5" component="span" display="block">
                    {Math.round(axis.gap) === 0
                      ? t`Both the same`
                      : axis.management > axis.personnel
                        ? t`Management higher`
                        : t`Personnel higher`}
                  </Text>
                ) : null}
                {axis.weaknessNote ? (
                  <Text size="xs" fw={600} c="red.9" component="span" display="block">
                    {t`Weakness: gap over 40 points`}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {withheld ? (
        <Text size="sm" mt="xs">
          {t`Personnel values are withheld: not enough answers to protect anonymity.`}
        </Text>
      ) : null}
    </Card>
  );
});
