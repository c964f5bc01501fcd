import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { formatDate } from "../../lib/format";
import { PLAN_LABELS, SUBSCRIPTION_STATUS_LABELS, subscriptionStatusColor } from "../../lib/labels";
import type { BillingCard } from "./price-display";

/**
 * The subscription's state on the payments card (document 3 §2): plan and status, the next charge
 * or the trial's end, "ends on …" once canceled, and the grace period of a failed payment.
 */
export function BillingStatus({ card }: { card: BillingCard }) {
  const { i18n } = useLingui();
  const planName = i18n._(PLAN_LABELS[card.plan]);
  const periodEnd = card.currentPeriodEnd ? formatDate(card.currentPeriodEnd) : null;
  const trialing = card.stripeStatus === "trialing";
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm">
          <Trans>Plan: {planName}</Trans>
        </Text>
        {card.status ? (
          <Badge variant="outline" color={subscriptionStatusColor(card.status)}>
            {i18n._(SUBSCRIPTION_STATUS_LABELS[card.status])}
          </Badge>
        ) : null}
      </Group>
      <StatusLine card={card} periodEnd={periodEnd} trialing={trialing} />
    </Stack>
  );
}

function StatusLine({
  card,
  periodEnd,
  trialing,
}: {
  card: BillingCard;
  periodEnd: string | null;
  trialing: boolean;
}) {
  if (card.cancelAt) {
    const endsOn = formatDate(card.cancelAt);
    return (
      <Text size="sm" data-testid="billing-ends-on">
        <Trans>
          The subscription ends on {endsOn}. After that the organisation is on FREE; nothing is deleted.
        </Trans>
      </Text>
    );
  }
  if (card.paymentGraceUntil) {
    const until = formatDate(card.paymentGraceUntil);
    return (
      <Text size="sm" c="red.9">
        <Trans>
          The last payment failed. The plan is kept until {until}; update the payment details before then.
        </Trans>
      </Text>
    );
  }
  if (card.status === "PAID" && periodEnd) {
    return (
      <Text size="sm">
        {trialing ? (
          <Trans>The free trial ends on {periodEnd}; the first charge is then.</Trans>
        ) : (
          <Trans>Next charge on {periodEnd}.</Trans>
        )}
      </Text>
    );
  }
  if (card.status === "UNPAID" || card.status === "AWAITING_PAYMENT") {
    return (
      <Text size="sm" c="red.9">
        <Trans>The subscription is not paid: the organisation is on FREE until it is.</Trans>
      </Text>
    );
  }
  return null;
}
