import { nextPlan, PLAN_LIMITS, PLANS, type Plan } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert } from "../../components/form-errors";
import { ERROR_MESSAGES } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";
import { type AdminTenant, useLastTenant, useRefreshTenants } from "./tenant-status";

/** Change an account's plan: FREE, PRO or TOTAL (document 1 §4). */
export function TenantPlanDialog({ tenant, onClose }: { tenant: AdminTenant | null; onClose: () => void }) {
  const { t } = useLingui();
  const shown = useLastTenant(tenant);
  return (
    <Modal
      opened={tenant !== null}
      onClose={onClose}
      title={t`Change subscription`}
      closeOnClickOutside={false}
    >
      {shown ? <TenantPlanForm key={shown.id} tenant={shown} onClose={onClose} /> : null}
    </Modal>
  );
}

function TenantPlanForm({ tenant, onClose }: { tenant: AdminTenant; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTenants();
  // The plan chosen for the account; while unpaid it counts as Free (document 1 §4).
  const [plan, setPlan] = useState<Plan>(tenant.subscribedPlan);
  const planLabel = (p: Plan) => i18n._(PLAN_LABELS[p]);
  const following = nextPlan(tenant.subscribedPlan);
  const save = useMutation(
    trpc.admin.setTenantPlan.mutationOptions({
      onSuccess: async (updated) => {
        const label = planLabel(updated.subscribedPlan);
        notifications.show({ color: "green", message: t`The plan is now ${label}.` });
        await refresh();
        onClose();
      },
    }),
  );
  const currentLabel = planLabel(tenant.subscribedPlan);
  const unpaid = tenant.plan !== tenant.subscribedPlan;
  const effectiveLabel = planLabel(tenant.plan);
  const nextLabel = following ? planLabel(following) : null;
  const end = tenant.currentSubscriptionPeriodEnd;
  const endDate = end ? formatDate(end) : null;

  return (
    <Stack gap="md">
      <FormErrorAlert error={save.error} fallback={ERROR_MESSAGES.tenant_update_failed} />
      <Stack gap={4}>
        <Text fw={600} className="break-anywhere">
          {tenant.name}
        </Text>
        <Group gap="xs">
          <Text size="sm">
            <Trans>Current plan</Trans>
          </Text>
          <Badge variant="light">{currentLabel}</Badge>
        </Group>
        {unpaid ? (
          <Text size="sm" c="red.8">
            <Trans>
              The subscription is unpaid: the organisation has the {effectiveLabel} plan until it is paid.
            </Trans>
          </Text>
        ) : null}
        {endDate ? (
          <Text size="sm" c="dimmed">
            <Trans>Subscription ends {endDate}</Trans>
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {nextLabel ? <Trans>Next plan: {nextLabel}</Trans> : <Trans>This is the highest plan.</Trans>}
        </Text>
      </Stack>
      <SegmentedControl
        fullWidth
        aria-label={t`Plan`}
        value={plan}
        onChange={(value) => setPlan(PLANS.find((p) => p === value) ?? tenant.subscribedPlan)}
        data={PLANS.map((p) => ({ value: p, label: planLabel(p) }))}
      />
      <PlanSummary plan={plan} />
      <FormButtons
        onCancel={onClose}
        lockCancel
        onSubmit={() => save.mutate({ id: tenant.id, status: plan })}
        loading={save.isPending}
        disabled={plan === tenant.subscribedPlan}
        submitLabel={<Trans>Save</Trans>}
      />
    </Stack>
  );
}

/** What the chosen plan allows (document 1 §9), so the admin sees what changes. */
function PlanSummary({ plan }: { plan: Plan }) {
  const { t } = useLingui();
  const limits = PLAN_LIMITS[plan];
  const answerers = limits.answerers;
  const tasks = limits.suggestedTasks;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {answerers === null ? t`Unlimited respondents` : t`Up to ${answerers} respondents`}
      </Text>
      <Text size="sm">{tasks === null ? t`Unlimited tasks` : t`${tasks} suggested tasks`}</Text>
      <Text size="sm">
        {limits.brandedDashboard
          ? t`Full branded dashboard`
          : limits.fullDashboard
            ? t`Full dashboard`
            : t`Limited dashboard`}
      </Text>
    </Stack>
  );
}
