import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCreditCard } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { useMe } from "../../lib/use-me";
import { BillingStatus } from "./billing-status";
import { PlanCards } from "./plan-cards";
import { type BillingInterval, canStartCheckout, DEFAULT_INTERVAL, type PlanPrice } from "./price-display";
import { SubscriptionActions } from "./subscription-actions";

/** A subscription that renews or runs to a set end (paid, in its trial, or in a payment's grace). */
const isLiveAndPaid = (card: { status: string | null; plan: string }) =>
  card.plan !== "FREE" && (card.status === "PAID" || card.status === "PAYMENT_FAILED");

/** Where Stripe's checkout sent the browser back: `?checkout=success` or `?checkout=cancel`. */
export type CheckoutReturn = "success" | "cancel";

/** After a paid checkout, the card asks again until Stripe's event has changed the plan (at most 2 minutes). */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_POLL_FOR_MS = 120_000;

/**
 * The payments card of the organisation's settings (document 3 §2, issue 21): the subscription's
 * status, the plan cards, the checkout of a plan and the edit-payment-details button (Stripe's
 * customer portal: payment details, invoices, cancellation). Without Stripe keys it says so and
 * shows the plans without buttons. Tenant admins only (`billing.manage`).
 */
export function PaymentsCard({
  checkoutReturn,
  onDismissReturn,
}: {
  checkoutReturn: CheckoutReturn | null;
  onDismissReturn: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [returnedAt] = useState(() => Date.now());
  const [interval, setBillingInterval] = useState<BillingInterval>(DEFAULT_INTERVAL);
  const card = useQuery({
    ...trpc.billing.customer.queryOptions(),
    refetchInterval: (query) =>
      checkoutReturn === "success" &&
      query.state.data?.plan === "FREE" &&
      Date.now() - returnedAt < CONFIRM_POLL_FOR_MS
        ? CONFIRM_POLL_MS
        : false,
  });
  // The demo's organisations are make-believe: their visitor sees the plans but buys nothing.
  const demo = useMe().isDemo;
  const configured = card.data?.configured === true;
  const prices = useQuery({ ...trpc.billing.prices.queryOptions(), enabled: configured });
  const goTo = (url: string) => window.location.assign(url);
  const failed = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });
  const checkout = useMutation({
    mutationFn: (price: PlanPrice) => client.billing.checkout.query({ price: price.id }),
    onSuccess: ({ url }) => goTo(url),
    onError: failed,
  });
  const portal = useMutation({
    mutationFn: () => client.billing.customerPortal.query(),
    onSuccess: ({ url }) => goTo(url),
    onError: failed,
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="payments-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="payments-title">
          <Trans>Payments</Trans>
        </Title>
        {checkoutReturn ? (
          <Alert
            color={checkoutReturn === "success" ? "green" : "gray"}
            withCloseButton
            closeButtonLabel={t`Close`}
            onClose={onDismissReturn}
          >
            {checkoutReturn === "success" ? (
              <Trans>Thank you. The plan changes as soon as Stripe confirms the subscription.</Trans>
            ) : (
              <Trans>The checkout was canceled. Nothing was charged.</Trans>
            )}
          </Alert>
        ) : null}
        {card.isPending ? <Loader size="sm" aria-label={t`Loading payments`} /> : null}
        {card.isError ? <Alert color="red">{errorMessage(card.error)}</Alert> : null}
        {card.data ? (
          <>
            {configured ? <BillingStatus card={card.data} /> : null}
            {configured && isLiveAndPaid(card.data) && prices.data && !demo ? (
              <SubscriptionActions card={card.data} prices={prices.data} />
            ) : null}
            {configured ? null : (
              <Text size="sm" c="dark.5">
                <Trans>
                  Online payments are not set up on this server. A platform administrator sets the
                  organisation's plan: contact them to change it.
                </Trans>
              </Text>
            )}
            {prices.isError ? <Alert color="red">{errorMessage(prices.error)}</Alert> : null}
            <PlanCards
              card={card.data}
              prices={prices.data ?? []}
              interval={interval}
              onIntervalChange={setBillingInterval}
              onChoose={
                canStartCheckout(card.data) && prices.data && !demo ? (price) => checkout.mutate(price) : null
              }
              choosing={checkout.isPending ? (checkout.variables?.id ?? null) : null}
            />
            {configured && card.data.hasCustomer && !demo ? (
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconCreditCard size={16} />}
                  loading={portal.isPending}
                  onClick={() => portal.mutate()}
                >
                  <Trans>Edit payment details</Trans>
                </Button>
                <Text size="xs" c="dark.5" style={{ flex: "1 1 14rem" }}>
                  <Trans>Payment details, invoices and cancelling are on Stripe's pages.</Trans>
                </Text>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
