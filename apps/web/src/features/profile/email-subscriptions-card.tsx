import { EMAIL_SUBSCRIPTION_TYPES, type EmailSubscriptionType } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormErrorAlert } from "../../components/form-errors";
import { errorMessage } from "../../lib/api-error";
import type { CurrentTenant } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

const LABELS: Record<EmailSubscriptionType, { label: MessageDescriptor; description: MessageDescriptor }> = {
  survey_end: {
    label: msg`Survey has ended`,
    description: msg`An e-mail when a survey of the organisation closes and its results are ready.`,
  },
  undone_tasks: {
    label: msg`Undone tasks`,
    description: msg`A reminder of improvement tasks that are still open.`,
  },
};

/**
 * The tenant admin's own e-mail notifications for the chosen account (document 1 §7): a switch
 * on means the subscription exists; turning it off sends the remove flag.
 */
export function EmailSubscriptionsCard({ tenant }: { tenant: CurrentTenant }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const subscriptions = useQuery(trpc.user.emailSubscriptions.queryOptions());
  const save = useMutation(
    trpc.user.saveEmailSubscriptions.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.user.emailSubscriptions.queryKey(), saved);
        notifications.show({ color: "green", message: t`E-mail subscription preferences saved.` });
      },
      onError: (error) => {
        notifications.show({
          color: "red",
          message: errorMessage(error, msg`Saving the e-mail subscription preferences failed.`),
        });
      },
    }),
  );
  const active = new Set(subscriptions.data?.map((s) => s.type) ?? []);
  const tenantName = tenant.name;

  return (
    <Card>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            <Trans>E-mail notifications</Trans>
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            <Trans>For the organisation {tenantName}</Trans>
          </Text>
        </div>
        {subscriptions.isPending ? <Loader size="sm" /> : null}
        <FormErrorAlert
          error={subscriptions.error}
          fallback={msg`Loading the e-mail subscriptions failed.`}
        />
        {subscriptions.data
          ? EMAIL_SUBSCRIPTION_TYPES.map((type) => (
              <Switch
                key={type}
                checked={active.has(type)}
                disabled={save.isPending}
                label={i18n._(LABELS[type].label)}
                description={i18n._(LABELS[type].description)}
                onChange={(event) =>
                  save.mutate({ items: [{ type, ...(event.currentTarget.checked ? {} : { remove: true }) }] })
                }
              />
            ))
          : null}
      </Stack>
    </Card>
  );
}
