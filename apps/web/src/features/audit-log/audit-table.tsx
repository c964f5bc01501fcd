import type { AppRouter } from "@kunto/api";
import { SURVEY_TIME_ZONE } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Table, Text } from "@mantine/core";
import type { inferRouterOutputs } from "@trpc/server";
import { EmptyTableRow } from "../../components/table-parts";
import { DAY_FORMAT, formatDate } from "../../lib/format";
import { actionLabel } from "./audit-labels";

export type AuditRow = inferRouterOutputs<AppRouter>["audit"]["list"]["rows"][number];

/** When, in the organisations' calendar (Europe/Helsinki) like the date filters, to the second. */
const formatMoment = (at: string) =>
  formatDate(at, {
    ...DAY_FORMAT,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: SURVEY_TIME_ZONE,
  });

function Actor({ actor }: { actor: AuditRow["actor"] }) {
  const { t } = useLingui();
  if (actor.apiKeyName)
    return (
      <Text size="sm" span className="break-anywhere">
        <Badge size="xs" variant="light" mr={6}>
          <Trans>API key</Trans>
        </Badge>
        {actor.apiKeyName}
      </Text>
    );
  const name = actor.hidden ? t`Platform staff` : (actor.name ?? t`No person`);
  return (
    <Text size="sm" span className="break-anywhere" c={actor.name ? undefined : "dimmed"}>
      {name}
    </Text>
  );
}

/**
 * The log's rows (issue 20.5): a table with a caption and column headers; below 36rem of its box
 * each row stacks, its cells named by their column (styles.css `stack-when-narrow`).
 */
export function AuditTable({
  rows,
  withOrganisation,
}: {
  rows: readonly AuditRow[];
  withOrganisation: boolean;
}) {
  const { t } = useLingui();
  const columns = {
    when: t`When`,
    person: t`Person`,
    action: t`Action`,
    target: t`Target`,
    details: t`Details`,
    organisation: t`Organisation`,
  };
  return (
    <Box>
      <Table fz="sm" verticalSpacing="sm" striped className="stack-when-narrow">
        <Table.Caption>
          <Trans>Newest first. Times are Finnish time (Europe/Helsinki).</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{columns.when}</Table.Th>
            <Table.Th scope="col">{columns.person}</Table.Th>
            <Table.Th scope="col">{columns.action}</Table.Th>
            <Table.Th scope="col">{columns.target}</Table.Th>
            <Table.Th scope="col">{columns.details}</Table.Th>
            {withOrganisation ? <Table.Th scope="col">{columns.organisation}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <EmptyTableRow colSpan={withOrganisation ? 6 : 5}>
              <Trans>No actions match the filters.</Trans>
            </EmptyTableRow>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row" fw={500}>
                  <time dateTime={row.at}>{formatMoment(row.at)}</time>
                </Table.Th>
                <Table.Td data-label={columns.person}>
                  <Actor actor={row.actor} />
                </Table.Td>
                <Table.Td data-label={columns.action}>
                  <Text size="sm" span title={row.action}>
                    {actionLabel(row.action)}
                  </Text>
                </Table.Td>
                <Table.Td data-label={row.targetType ? columns.target : undefined}>
                  {row.targetType ? (
                    <Text size="sm" span className="break-anywhere">
                      {row.targetType}{" "}
                      <Text span size="xs" ff="monospace" c="dimmed">
                        {row.targetId}
                      </Text>
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={row.detail ? columns.details : undefined}>
                  <Text size="sm" span className="break-anywhere">
                    {row.detail}
                  </Text>
                </Table.Td>
                {withOrganisation ? (
                  <Table.Td data-label={row.tenantName ? columns.organisation : undefined}>
                    <Text size="sm" span className="break-anywhere">
                      {row.tenantName}
                    </Text>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
