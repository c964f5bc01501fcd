import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Center, Group, Loader, Pagination, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle, IconSend } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { errorMessage } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { pageCount, pageRange } from "../../lib/pagination";
import { useTRPC } from "../../lib/trpc";
import { DeliveryTable } from "./delivery-table";
import { deliveryRefetchInterval } from "./webhook-model";

/** The first page as the route prefetches it and the page first asks for it. */
/**
 * One webhook endpoint's delivery log (issue 20.4): its deliveries newest first, a page at a time as
 * the server pages them, each sent again once it has an outcome; a test event on demand. While a
 * delivery on the page is under way the page asks again every few seconds, and only then.
 */
export function DeliveryLogPage({ tenantId, endpointId }: { tenantId: string; endpointId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const endpoints = useQuery(trpc.webhook.list.queryOptions());
  const endpoint = endpoints.data?.find((candidate) => candidate.id === endpointId);
  const deliveries = useQuery({
    ...trpc.webhook.deliveries.queryOptions({ id: endpointId, page }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => deliveryRefetchInterval(query.state.data?.items),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhook.deliveries.pathKey() });
  const failed = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const test = useMutation(
    trpc.webhook.test.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`A test event is on its way.` });
        setPage(1);
        await refresh();
      },
      onError: failed,
    }),
  );
  const resend = useMutation(
    trpc.webhook.resend.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The delivery is being sent again.` });
        await refresh();
      },
      onError: failed,
    }),
  );

  const back = (
    <ButtonLink
      to="/t/$tenantId/settings"
      params={{ tenantId }}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
    >
      <Trans>Back to settings</Trans>
    </ButtonLink>
  );
  if (endpoints.data && !endpoint)
    return (
      <Stack gap="lg">
        {back}
        <PageTitle title={t`Delivery log`} />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Trans>This webhook endpoint does not exist any more.</Trans>
        </Alert>
      </Stack>
    );

  const controlLabels = {
    first: t`First page`,
    previous: t`Previous page`,
    next: t`Next page`,
    last: t`Last page`,
  };
  const data = deliveries.data;
  const { first, last } = data ? pageRange(data.total, data.page, data.pageSize) : { first: 0, last: 0 };
  const [from, to, of] = [formatNumber(first), formatNumber(last), formatNumber(data?.total ?? 0)];
  return (
    <Stack gap="lg">
      {back}
      <PageTitle
        title={t`Delivery log`}
        description={
          endpoint ? (
            <Text span inherit className="break-anywhere">
              {endpoint.url}
            </Text>
          ) : null
        }
        actions={
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={test.isPending}
            disabled={!endpoint?.enabled}
            onClick={() => test.mutate({ id: endpointId })}
          >
            <Trans>Send test event</Trans>
          </Button>
        }
      />
      {endpoint && !endpoint.enabled ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {t`The webhook endpoint is disabled: it receives nothing until it is enabled again.`}
        </Alert>
      ) : null}
      <Card p={0}>
        {data ? (
          <div aria-busy={deliveries.isPlaceholderData}>
            <DeliveryTable
              deliveries={data.items}
              resending={resend.isPending ? (resend.variables?.id ?? null) : null}
              onResend={(delivery) => resend.mutate({ id: delivery.id })}
            />
            {data.total > 0 ? (
              <Group justify="space-between" gap="sm" p="md">
                <Text size="sm" c="dimmed">
                  <Trans>
                    {from}–{to} of {of}
                  </Trans>
                </Text>
                <Pagination
                  total={pageCount(data.total, data.pageSize)}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  hideWithOnePage
                  getControlProps={(control) => ({ "aria-label": controlLabels[control] })}
                  getItemProps={(number) => ({ "aria-label": t`Page ${number}` })}
                />
              </Group>
            ) : null}
          </div>
        ) : deliveries.isError ? (
          <Alert color="red" variant="light" m="md" icon={<IconAlertTriangle size={18} />} role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{errorMessage(deliveries.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void deliveries.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Center py="xl" aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
      </Card>
    </Stack>
  );
}
