import { PLAN_LIMITS, type Plan } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Badge,
  Button,
  Card,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { formatNumber } from "../../lib/format";
import {
  type BillingCard,
  type BillingInterval,
  monthlyAmount,
  type PlanPrice,
  priceOf,
  TOTAL_STARTING_AMOUNT,
  yearlySaving,
} from "./price-display";

export interface PlanCardsProps {
  card: BillingCard;
  /** Stripe's prices; empty without Stripe keys or while they load. */
  prices: readonly PlanPrice[];
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  /** Shown on FREE with Stripe keys: the checkout of a price. Null: the cards show the plans only. */
  onChoose: ((price: PlanPrice) => void) | null;
  /** The price whose checkout is being opened. */
  choosing: string | null;
}

/**
 * The plan cards FREE, PRO and TOTAL (document 3 §2, §9): prices read from Stripe shown per month,
 * a monthly / yearly toggle on FREE, TOTAL "starting 999" with a link to ask for a quote, FREE 0.
 */
export function PlanCards({ card, prices, interval, onIntervalChange, onChoose, choosing }: PlanCardsProps) {
  const { t } = useLingui();
  const currency = prices[0]?.currency ?? "eur";
  const pro = priceOf(prices, "PRO", interval);
  const saving = yearlySaving(prices, "PRO");
  const startingAt = formatMoney(TOTAL_STARTING_AMOUNT, currency, 0);
  return (
    <Stack gap="sm">
      {onChoose ? (
        <Stack gap={4} align="flex-start">
          <SegmentedControl
            aria-label={t`Billing interval`}
            value={interval}
            onChange={(value) => onIntervalChange(value === "month" ? "month" : "year")}
            data={[
              { value: "month", label: t`Monthly` },
              { value: "year", label: t`Yearly` },
            ]}
          />
          {saving ? (
            <Text size="sm" c="dark.5">
              <Trans>Paying yearly saves {saving}%.</Trans>
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <PlanCard plan="FREE" current={card.plan === "FREE"} amount={formatMoney(0, currency, 0)} per>
          <PlanFeatures plan="FREE" />
        </PlanCard>
        <PlanCard
          plan="PRO"
          current={card.plan === "PRO"}
          amount={pro ? formatMoney(monthlyAmount(pro), pro.currency) : null}
          per
          note={pro?.interval === "year" ? t`billed yearly` : pro ? t`billed monthly` : null}
          action={
            onChoose && pro ? (
              <Button onClick={() => onChoose(pro)} loading={choosing === pro.id} fullWidth>
                {card.trialAvailable ? <Trans>Try PRO free for 30 days</Trans> : <Trans>Choose PRO</Trans>}
              </Button>
            ) : null
          }
        >
          <PlanFeatures plan="PRO" />
        </PlanCard>
        <PlanCard
          plan="TOTAL"
          current={card.plan === "TOTAL"}
          amount={t`starting ${startingAt}`}
          action={
            card.salesEmail ? (
              <Anchor
                href={`mailto:${card.salesEmail}?subject=${encodeURIComponent(t`Kunto TOTAL quote`)}`}
                size="sm"
              >
                <Trans>Contact us for a quote</Trans>
              </Anchor>
            ) : null
          }
        >
          <PlanFeatures plan="TOTAL" />
        </PlanCard>
      </SimpleGrid>
    </Stack>
  );
}

/** Money in the active language, with two decimals unless told (a whole 0 or 999 has none). */
function formatMoney(amount: number, currency: string, digits = 2): string {
  return formatNumber(amount, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function PlanCard({
  plan,
  current,
  amount,
  per = false,
  note = null,
  action = null,
  children,
}: {
  plan: Plan;
  current: boolean;
  amount: string | null;
  per?: boolean;
  note?: string | null;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `plan-${plan.toLowerCase()}-title`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-plan={plan}>
      <Stack gap="xs" h="100%">
        {/* Plan names are product names: not translated. */}
        <Title order={3} size="h5" id={titleId}>
          {plan}
        </Title>
        {current ? (
          <Badge variant="light" color="green">
            <Trans>Your plan</Trans>
          </Badge>
        ) : null}
        {amount ? (
          <Text fw={700} size="lg">
            {amount}
            {per ? (
              <Text span size="sm" fw={400} c="dark.5">
                {" "}
                <Trans>per month</Trans>
              </Text>
            ) : null}
          </Text>
        ) : (
          <Text size="sm" c="dark.5">
            <Trans>No price is available.</Trans>
          </Text>
        )}
        {note ? (
          <Text size="xs" c="dark.5">
            {note}
          </Text>
        ) : null}
        {children}
        {action ? <div style={{ marginTop: "auto" }}>{action}</div> : null}
      </Stack>
    </Card>
  );
}

function PlanFeatures({ plan }: { plan: Plan }) {
  const limits = PLAN_LIMITS[plan];
  const answerers = limits.answerers === null ? null : formatNumber(limits.answerers);
  const suggested = limits.suggestedTasks;
  return (
    <List size="sm" spacing={2}>
      <List.Item>
        {answerers === null ? (
          <Trans>Any number of respondents</Trans>
        ) : (
          <Trans>Up to {answerers} respondents</Trans>
        )}
      </List.Item>
      <List.Item>
        {suggested === null ? (
          <Trans>Every suggested task, and your own tasks</Trans>
        ) : (
          <Trans>{suggested} suggested tasks</Trans>
        )}
      </List.Item>
      {limits.reportHeatmap ? (
        <List.Item>
          <Trans>Combined analyses and the heatmap</Trans>
        </List.Item>
      ) : null}
      {limits.financials ? (
        <List.Item>
          <Trans>Financial figures</Trans>
        </List.Item>
      ) : null}
      {limits.apiKeys ? (
        <List.Item>
          <Trans>API keys and webhooks</Trans>
        </List.Item>
      ) : null}
      {limits.brandedDashboard ? (
        <List.Item>
          <Trans>Your logo and colour on the dashboard</Trans>
        </List.Item>
      ) : null}
    </List>
  );
}
