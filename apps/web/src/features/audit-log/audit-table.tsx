import type { AppRouter } from "@kunto/api";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Table, Text } from "@mantine/core";
import type { inferRouterOutputs } from "@trpc/server";
import { EmptyTableRow } from "../../components/table-parts";
import { actionLabel, detailItems, formatMoment, targetLabel } from "./audit-labels";

export type AuditRow = inferRouterOutputs<AppRouter>["audit"]["list"]["rows"][number];

/** An id (a UUID) means nothing to a reader; a key's public key or another name does. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Target({ row }: { row: AuditRow }) {
  if (!row.targetType) return null;
  const id = row.targetId && !UUID.test(row.targetId) ? row.targetId : null;
  return (
    <Text size="sm" span className="break-anywhere">
      {targetLabel(row.targetType)}
      {id ? (
        <Text span size="xs" ff="monospace" c="dimmed">
          {` ${id}`}
        </Text>
      ) : null}
    </Text>
  );
}

/** The row's details, one labelled value a line. */
function Details({ details }: { details: AuditRow["details"] }) {
  return detailItems(details).map((item) => (
    <Text key={item.field} size="sm" className="break-anywhere">
      <Text span size="sm" c="dimmed">
        {item.label}:
      </Text>{" "}
      {item.value}
    </Text>
  ));
}

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
                  <Text size="sm" span>
                    {actionLabel(row.action)}
                  </Text>
                </Table.Td>
                <Table.Td data-label={row.targetType ? columns.target : undefined}>
                  <Target row={row} />
                </Table.Td>
                <Table.Td data-label={row.details.length > 0 ? columns.details : undefined}>
                  <Details details={row.details} />
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
