import type { AppRouter } from "@kunto/api";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Button, Code, Table, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import type { inferRouterOutputs } from "@trpc/server";
import { ActionsHeaderCell, EmptyTableRow } from "../../components/table-parts";
import { DAY_FORMAT, formatDate, formatNumber } from "../../lib/format";
import { deliveryTypeLabel, STATUS_LABELS } from "./webhook-labels";
import { canResend, excerptPreview, STATUS_COLORS } from "./webhook-model";

export type Delivery = inferRouterOutputs<AppRouter>["webhook"]["deliveries"]["items"][number];

/** An attempt's moment in the device's time, to the second: retries come seconds apart. */
const formatAttempt = (at: string) =>
  formatDate(at, { ...DAY_FORMAT, hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** The receiver's answer: its start on one line, the whole of it behind a disclosure when longer. */
function Excerpt({ text }: { text: string }) {
  const { preview, truncated } = excerptPreview(text);
  const line = (
    <Text span size="xs" ff="monospace" className="break-anywhere">
      {preview}
    </Text>
  );
  if (!truncated) return line;
  return (
    <details style={{ minWidth: 0, maxWidth: "100%" }}>
      <summary style={{ cursor: "pointer" }}>{line}</summary>
      <Code block mt={4} className="break-anywhere" style={{ whiteSpace: "pre-wrap" }}>
        {text}
      </Code>
    </details>
  );
}

/**
 * An endpoint's deliveries (issue 20.4): a table with a caption and column headers; below 36rem of
 * its box each row stacks, its cells named by their column (styles.css `stack-when-narrow`). A
 * delivery with an outcome can be sent again.
 */
export function DeliveryTable({
  deliveries,
  resending,
  onResend,
}: {
  deliveries: readonly Delivery[];
  /** The delivery whose resend is under way. */
  resending: string | null;
  onResend: (delivery: Delivery) => void;
}) {
  const { t, i18n } = useLingui();
  const columns = {
    status: t`Status`,
    attempts: t`Attempts`,
    lastAttempt: t`Last attempt`,
    response: t`Response`,
  };
  return (
    <Box>
      <Table fz="sm" verticalSpacing="sm" striped className="stack-when-narrow">
        <Table.Caption>
          <Trans>Newest first.</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Event`}</Table.Th>
            <Table.Th scope="col">{columns.status}</Table.Th>
            <Table.Th scope="col">{columns.attempts}</Table.Th>
            <Table.Th scope="col">{columns.lastAttempt}</Table.Th>
            <Table.Th scope="col">{columns.response}</Table.Th>
            <ActionsHeaderCell w={130} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.length === 0 ? (
            <EmptyTableRow colSpan={6}>
              <Trans>No deliveries yet. Send a test event to see one here.</Trans>
            </EmptyTableRow>
          ) : (
            deliveries.map((delivery) => {
              const label = deliveryTypeLabel(delivery.type);
              const when = formatAttempt(delivery.lastAttemptAt ?? delivery.createdAt);
              return (
                <Table.Tr key={delivery.id} data-testid="webhook-delivery-row">
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td data-label={columns.status}>
                    <Badge size="sm" variant="light" color={STATUS_COLORS[delivery.status]}>
                      {i18n._(STATUS_LABELS[delivery.status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={columns.attempts}>{formatNumber(delivery.attempts)}</Table.Td>
                  <Table.Td data-label={columns.lastAttempt}>
                    {delivery.lastAttemptAt ? (
                      <time dateTime={delivery.lastAttemptAt}>{formatAttempt(delivery.lastAttemptAt)}</time>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        <Trans>Not yet</Trans>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={columns.response}>
                    {delivery.responseStatus !== null ? (
                      <Code>{delivery.responseStatus}</Code>
                    ) : delivery.lastAttemptAt ? (
                      <Text span size="sm" c="dimmed">
                        <Trans>No answer</Trans>
                      </Text>
                    ) : null}
                    {delivery.responseExcerpt ? <Excerpt text={delivery.responseExcerpt} /> : null}
                  </Table.Td>
                  <Table.Td>
                    {canResend(delivery.status) ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRefresh size={14} aria-hidden />}
                        loading={resending === delivery.id}
                        aria-label={t`Send again: ${label}, ${when}`}
                        onClick={() => onResend(delivery)}
                      >
                        <Trans>Send again</Trans>
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
