import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconBuilding, IconChevronRight, IconPlus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { RoleBadges } from "../../components/role-badges";
import { PLAN_LABELS } from "../../lib/labels";
import { isPlatformAdmin, tenantOf } from "../../lib/session";
import { setTenantId } from "../../lib/tenant";
import { useMe } from "../../lib/use-me";
import { MyInvitations } from "../invitations/my-invitations";

/**
 * The start screen for a user with several accounts (document 1 §2): choosing one remembers
 * it on this device and opens its dashboard.
 */
export function AccountChooser({ highlight }: { highlight?: string }) {
  const { t, i18n } = useLingui();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accounts = me.tenants.map((tenant) => tenantOf(me, tenant.id)).filter((tenant) => tenant !== null);

  const choose = (tenantId: string) => {
    setTenantId(tenantId, queryClient);
    void navigate({ to: "/t/$tenantId/dashboard", params: { tenantId } });
  };

  return (
    <Stack maw={640} mx="auto" w="100%">
      <PageTitle
        title={t`Choose an organisation`}
        description={
          accounts.length > 1 ? (
            <Trans>You are a member of several organisations.</Trans>
          ) : accounts.length === 0 ? (
            <Trans>You are not a member of any organisation yet.</Trans>
          ) : undefined
        }
      />
      <MyInvitations highlight={highlight} />
      {accounts.length > 0 ? (
        <Title order={2} size="h3">
          <Trans>Your organisations</Trans>
        </Title>
      ) : null}
      {accounts.length > 0 ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {accounts.map((account) => (
            <li key={account.id}>
              <UnstyledButton
                w="100%"
                onClick={() => choose(account.id)}
                disabled={!account.active}
                aria-disabled={!account.active}
              >
                <Paper withBorder p="md" style={{ opacity: account.active ? 1 : 0.55 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group wrap="nowrap" gap="md">
                      <IconBuilding size={26} stroke={1.5} color="var(--mantine-color-kunto-7)" aria-hidden />
                      <div>
                        <Group gap="xs">
                          <Text fw={600} className="break-anywhere">
                            {account.name}
                          </Text>
                          {!account.active ? (
                            <Badge size="xs" color="gray">
                              <Trans>Inactive</Trans>
                            </Badge>
                          ) : null}
                        </Group>
                        <Group gap="xs" mt={6}>
                          <Badge size="sm" variant="light" color="gray">
                            {i18n._(PLAN_LABELS[account.plan])}
                          </Badge>
                          <RoleBadges roles={account.roles} />
                        </Group>
                      </div>
                    </Group>
                    <IconChevronRight size={20} color="var(--mantine-color-gray-6)" aria-hidden />
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      ) : null}
      <Group mt="md" gap="sm">
        <ButtonLink to="/new_account" variant="light" leftSection={<IconPlus size={16} />}>
          <Trans>Create a new organisation</Trans>
        </ButtonLink>
        {isPlatformAdmin(me) ? (
          <ButtonLink to="/tenants" variant="subtle">
            <Trans>Platform administration</Trans>
          </ButtonLink>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mt="md">
        <Trans>You can switch between organisations at any time from the menu.</Trans>
      </Text>
    </Stack>
  );
}
