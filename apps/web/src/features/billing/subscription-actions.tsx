import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { type BillingCard, type PlanPrice, priceOf, yearlySaving } from "./price-display";

const SETTLE_ATTEMPTS = 30;

/**
 * What a tenant admin changes on a live subscription without leaving Kunto (issue 21, document 1
 * §7): cancel it at the period's end or take the cancellation back, and move a monthly PRO or TOTAL
 * to yearly billing or back. The card follows Stripe's event, so it is asked again after each.
 */
export function SubscriptionActions({ card, prices }: { card: BillingCard; prices: readonly PlanPrice[] }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Stripe tells Kunto of the change by its event, a moment after answering: the card is asked
  // again each second until it shows the change (at most half a minute).
  const done = async (message: string, shows: (card: BillingCard) => boolean) => {
    notifications.show({ color: "green", message });
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
      const now = await queryClient.fetchQuery({ ...trpc.billing.customer.queryOptions(), staleTime: 0 });
      if (shows(now)) return;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const failed = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const cancel = useMutation(
    trpc.billing.disableSubscription.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await done(t`The subscription ends at the end of the period.`, (now) => now.cancelAt !== null);
      },
      onError: failed,
    }),
  );
  const keep = useMutation(
    trpc.billing.enableSubscription.mutationOptions({
      onSuccess: () => done(t`The subscription renews again.`, (now) => now.cancelAt === null),
      onError: failed,
    }),
  );
  const change = useMutation(
    trpc.billing.changeSubscription.mutationOptions({
      onSuccess: () => done(t`The billing interval has been changed.`, (now) => now.interval === other),
      onError: failed,
    }),
  );
  const plan = card.subscribedPlan === "FREE" ? null : card.subscribedPlan;
  const other = card.interval === "month" ? "year" : "month";
  const target = plan ? priceOf(prices, plan, other) : null;
  const saving = plan ? yearlySaving(prices, plan) : null;
  const periodEnd = card.currentPeriodEnd ? formatDate(card.currentPeriodEnd) : "";

  return (
    <Group gap="sm">
      {card.cancelAt ? (
        <Button variant="default" loading={keep.isPending} onClick={() => keep.mutate({})}>
          <Trans>Keep the subscription</Trans>
        </Button>
      ) : (
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          <Trans>Cancel the subscription</Trans>
        </Button>
      )}
      {target && !card.cancelAt ? (
        <Button
          variant="default"
          loading={change.isPending}
          onClick={() => change.mutate({ price: target.id })}
        >
          {other === "year" ? (
            saving ? (
              <Trans>Pay yearly and save {saving}%</Trans>
            ) : (
              <Trans>Pay yearly</Trans>
            )
          ) : (
            <Trans>Pay monthly</Trans>
          )}
        </Button>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t`Cancel the subscription?`}
        message={t`The plan stays until ${periodEnd}; after that the organisation is on FREE. Nothing is deleted, and you can take the cancellation back until then.`}
        confirmLabel={t`Cancel the subscription`}
        danger
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate({})}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}
