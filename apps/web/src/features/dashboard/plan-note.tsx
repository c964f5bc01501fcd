import type { Plan } from "@kunto/core";
import { Trans } from "@lingui/react/macro";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { useParams } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AnchorLink } from "../../components/links";
import { useCurrentTenant } from "../../lib/use-me";

/**
 * What a plan leaves out, said where the item would be: the plan chip the reports put on
 * plan-limited items (the plan that includes it, an outlined badge) and a short sentence. Those
 * who may buy a plan (tenant admins, `billing.manage`) also get a link to the payments card.
 */
export function PlanNote({ plan, children }: { plan: Exclude<Plan, "FREE">; children: ReactNode }) {
  const { tenantId } = useParams({ strict: false });
  const tenant = useCurrentTenant(tenantId ?? "");
  const canBuy = tenantId !== undefined && (tenant?.permissions.has("billing.manage") ?? false);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {/* Plan names are product names: not translated. */}
      <Badge size="xs" variant="outline" color="blue.9" mt={3} style={{ flexShrink: 0 }}>
        {plan}
      </Badge>
      <Stack gap={2}>
        <Text size="sm" c="dark.5">
          {children}
        </Text>
        {canBuy ? (
          <AnchorLink to="/t/$tenantId/settings" params={{ tenantId }} hash="payments-title" size="sm">
            <Trans>See the plans</Trans>
          </AnchorLink>
        ) : null}
      </Stack>
    </Group>
  );
}
